import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => reconnectDelay(n, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('takes off at most 20 % as jitter', () => {
    expect(reconnectDelay(0, () => 1)).toBe(800);
    expect(reconnectDelay(10, () => 0.5)).toBe(27000);
  });
});
