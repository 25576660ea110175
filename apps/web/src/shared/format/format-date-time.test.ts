import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time';

describe('formatDateTime', () => {
  it('formats year.month.day hour:minute:second in local time, zero-padded', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3, 9))).toBe('2026.01.05 07:03:09');
  });

  it('reads ISO strings as instants and shows them in local time', () => {
    const instant = new Date(2026, 10, 21, 23, 59, 58);
    expect(formatDateTime(instant.toISOString())).toBe('2026.11.21 23:59:58');
  });

  it('shows an unparseable value as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('shows no value as a dash', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
  });
});
