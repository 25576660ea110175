import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHeartbeatMonitor } from './heartbeat-monitor';

describe('createHeartbeatMonitor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports a loss 31 s after the last heartbeat, once', () => {
    const onLost = vi.fn();
    const onRestored = vi.fn();
    const monitor = createHeartbeatMonitor({ onLost, onRestored });
    vi.advanceTimersByTime(20_000);
    monitor.beat();
    vi.advanceTimersByTime(30_999);
    expect(onLost).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(monitor.isLost()).toBe(true);
    vi.advanceTimersByTime(100_000);
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(onRestored).not.toHaveBeenCalled();
    monitor.stop();
  });

  it('reports the recovery on the next heartbeat and counts again', () => {
    const onLost = vi.fn();
    const onRestored = vi.fn();
    const monitor = createHeartbeatMonitor({ onLost, onRestored, timeoutMs: 1000 });
    vi.advanceTimersByTime(1000);
    monitor.beat();
    expect(onRestored).toHaveBeenCalledTimes(1);
    expect(monitor.isLost()).toBe(false);
    monitor.beat();
    expect(onRestored).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(onLost).toHaveBeenCalledTimes(2);
    monitor.stop();
  });

  it('stays silent after stop', () => {
    const onLost = vi.fn();
    const monitor = createHeartbeatMonitor({ onLost, onRestored: vi.fn() });
    monitor.stop();
    vi.advanceTimersByTime(60_000);
    expect(onLost).not.toHaveBeenCalled();
  });
});
