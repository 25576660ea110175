import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer } from './idle-timer';

function setup(timeoutMs = 300_000, reminderMs = 60_000) {
  const onReminder = vi.fn();
  const onActive = vi.fn();
  const onTimeout = vi.fn();
  const timer = createIdleTimer({ timeoutMs, reminderMs, onReminder, onActive, onTimeout });
  return { timer, onReminder, onActive, onTimeout };
}

describe('createIdleTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reminds reminderMs before the end, counts down each second, then times out', () => {
    const { timer, onReminder, onTimeout } = setup();
    vi.advanceTimersByTime(239_999);
    expect(onReminder).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onReminder).toHaveBeenLastCalledWith(60);
    expect(timer.isReminding()).toBe(true);
    vi.advanceTimersByTime(59_000);
    expect(onReminder).toHaveBeenLastCalledWith(1);
    expect(onReminder).toHaveBeenCalledTimes(60);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(timer.isReminding()).toBe(false);
  });

  it('restarts the full period on activity before the reminder', () => {
    const { timer, onReminder, onTimeout } = setup();
    vi.advanceTimersByTime(200_000);
    timer.touch();
    vi.advanceTimersByTime(239_999);
    expect(onReminder).not.toHaveBeenCalled();
    vi.advanceTimersByTime(61_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('dismisses the reminder on activity and counts again', () => {
    const { timer, onReminder, onActive, onTimeout } = setup(10_000, 3_000);
    vi.advanceTimersByTime(8_000);
    expect(onReminder).toHaveBeenLastCalledWith(2);
    timer.touch();
    expect(onActive).toHaveBeenCalledTimes(1);
    expect(timer.isReminding()).toBe(false);
    vi.advanceTimersByTime(6_999);
    expect(onReminder).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(onReminder).toHaveBeenLastCalledWith(3);
    vi.advanceTimersByTime(3_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('ignores activity after the timeout and after stop', () => {
    const { timer, onTimeout, onReminder } = setup(2_000, 1_000);
    vi.advanceTimersByTime(2_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    timer.touch();
    vi.advanceTimersByTime(10_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);

    const other = setup(2_000, 1_000);
    other.timer.stop();
    vi.advanceTimersByTime(10_000);
    expect(other.onTimeout).not.toHaveBeenCalled();
    expect(onReminder).toHaveBeenCalledTimes(1);
  });

  it('times out without a reminder when reminderMs is 0', () => {
    const { onReminder, onTimeout } = setup(5_000, 0);
    vi.advanceTimersByTime(5_000);
    expect(onReminder).not.toHaveBeenCalled();
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
