import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import { formatCountdown } from '../../shared/idle/format-countdown';
import { createIdleTimer } from '../../shared/idle/idle-timer';
import type { IdleTimer } from '../../shared/idle/idle-timer';
import { paths } from '../paths';
import { rememberIdleLogout } from './logout-reason';

const activityEvents = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'];

/**
 * Logs out after logoutTimeSeconds without mouse or key activity; logoutReminderSeconds before
 * that, "Are you still there?" with a countdown. Activity dismisses it and starts again.
 */
export function IdleLogout() {
  const { t } = useTranslation('app');
  const { logoutTimeSeconds, logoutReminderSeconds } = useRemoteConfig();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
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

  return (
    <Dialog
      open={secondsLeft !== null}
      onClose={() => timerRef.current?.touch()}
      aria-labelledby="idle-title"
      data-testid="idle-dialog"
    >
      <DialogTitle id="idle-title">{t('idle.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('idle.text', { time: formatCountdown(secondsLeft ?? 0) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => timerRef.current?.touch()}>
          {t('idle.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
