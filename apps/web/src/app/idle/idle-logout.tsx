import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyComponent } from '../../shared/components/lazy-component';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import { createIdleTimer } from '../../shared/idle/idle-timer';
import type { IdleTimer } from '../../shared/idle/idle-timer';
import { paths } from '../paths';
import { rememberIdleLogout } from './logout-reason';

const IdleDialog = lazyComponent(() => import('./idle-dialog'), {
  suspends: false,
  preloadAfterStart: true,
});

const activityEvents = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'];

/**
 * Logs out after logoutTimeSeconds without mouse or key activity; logoutReminderSeconds before
 * that, "Are you still there?" with a countdown. Activity dismisses it and starts again.
 */
export function IdleLogout() {
  const { logoutTimeSeconds, logoutReminderSeconds } = useRemoteConfig();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  // Mounted from the first reminder on, so that it closes with its transition.
  const [hasReminded, setReminded] = useState(false);
  if (secondsLeft !== null && !hasReminded) setReminded(true);
  const timerRef = useRef<IdleTimer | null>(null);

  useEffect(() => {
    if (logoutTimeSeconds <= 0) return;
    const timer = createIdleTimer({
      timeoutMs: logoutTimeSeconds * 1000,
      reminderMs: logoutReminderSeconds * 1000,
      onReminder: setSecondsLeft,
      onActive: () => setSecondsLeft(null),
      onTimeout: () => {
        setSecondsLeft(null);
        rememberIdleLogout();
        void navigate(paths.logout);
      },
    });
    timerRef.current = timer;
    // Mouse moves come in bursts: restarting the timer once a second is plenty, except while
    // the reminder shows, where the first sign of life must dismiss it.
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (!timer.isReminding() && now - last < 1000) return;
      last = now;
      timer.touch();
    };
    for (const name of activityEvents) {
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    return () => {
      for (const name of activityEvents) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      timer.stop();
      timerRef.current = null;
    };
  }, [logoutTimeSeconds, logoutReminderSeconds, navigate]);

  if (!hasReminded) return null;
  return <IdleDialog secondsLeft={secondsLeft} onStay={() => timerRef.current?.touch()} />;
}
