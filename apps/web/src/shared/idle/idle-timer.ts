export interface IdleTimerOptions {
  /** Inactivity after which the user is logged out (logoutTimeSeconds). */
  timeoutMs: number;
  /** How long before the end the reminder shows (logoutReminderSeconds). */
  reminderMs: number;
  /** Each second of the reminder, with the whole seconds left (first call opens the modal). */
  onReminder(secondsLeft: number): void;
  /** Activity during the reminder: close the modal. */
  onActive(): void;
  onTimeout(): void;
}

export interface IdleTimer {
  /** Mouse or key activity: dismisses the reminder and starts counting again. */
  touch(): void;
  isReminding(): boolean;
  stop(): void;
}

/**
 * The inactivity timer of spec platform §4: after `timeoutMs` without activity `onTimeout`; from
 * `reminderMs` before that a per-second countdown. Uses only setTimeout, so fake timers test it.
 */
export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  const reminderMs = Math.min(Math.max(0, options.reminderMs), options.timeoutMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reminding = false;
  let stopped = false;

  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  const countdown = (secondsLeft: number) => {
    if (secondsLeft <= 0) {
      reminding = false;
      stopped = true;
      options.onTimeout();
      return;
    }
    reminding = true;
    options.onReminder(secondsLeft);
    timer = setTimeout(() => countdown(secondsLeft - 1), 1000);
  };

  const start = () => {
    clear();
    const reminderSeconds = Math.floor(reminderMs / 1000);
    const quietMs = options.timeoutMs - reminderSeconds * 1000;
    timer = setTimeout(() => countdown(reminderSeconds), quietMs);
  };

  start();
  return {
    touch() {
      if (stopped) return;
      if (reminding) {
        reminding = false;
        options.onActive();
      }
      start();
    },
    isReminding: () => reminding,
    stop() {
      stopped = true;
      clear();
    },
  };
}
