import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { safeReturnTarget } from '../../shared/auth/return-target';
import { useAuth } from '../../shared/auth/use-auth';
import { useToast } from '../../shared/components/toast';
import { Logo } from '../layout/logo';
import { takeIdleLogout } from '../idle/logout-reason';
import { paths } from '../paths';

/** Blank-layout landing page: sign in or register, then back to `?redirect=` or Dashboard. */
export function WelcomePage() {
  const { t } = useTranslation('app');
  const [search] = useSearchParams();
  const auth = useAuth();
  const toast = useToast();
  const [isBusy, setBusy] = useState(false);
  const [wasIdle] = useState(takeIdleLogout);
  const returnTo = safeReturnTarget(search.get('redirect'), paths.dashboard);
  // The provider sends here after a password reset: its sign-in takes the browser straight in.
  const continuesReset = search.get('signin') === 'reset';
  const startedReset = useRef(false);
  const { isAuthenticated, isLoading, signIn } = auth;
  useEffect(() => {
    if (!continuesReset || isAuthenticated || isLoading || startedReset.current) return;
    startedReset.current = true;
    void signIn({ returnTo, redirect: true }).catch(() => setBusy(false));
    setBusy(true);
  }, [continuesReset, isAuthenticated, isLoading, signIn, returnTo]);

  if (auth.isAuthenticated) return <Navigate to={returnTo} replace />;

  const start = async (register: boolean) => {
    setBusy(true);
    try {
      await auth.signIn({ returnTo, register });
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (!/closed/i.test(message)) {
        toast.error(
          message ? t('welcome.signInFailedDetails', { message }) : t('welcome.signInFailed'),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, width: '100%' }}>
      <Stack spacing={3} alignItems="center" textAlign="center">
        <Logo size={64} />
        <Typography variant="h4" component="h1">
          {t('welcome.title')}
        </Typography>
        <Typography color="text.secondary">{t('welcome.subtitle')}</Typography>
        {wasIdle && (
          <Alert severity="info" data-testid="welcome-idle" sx={{ width: '100%' }}>
            {t('welcome.idleSignedOut')}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
          <Button
            fullWidth
            size="large"
            variant="contained"
            disabled={isBusy || auth.isLoading}
            onClick={() => void start(false)}
            data-testid="welcome-sign-in"
          >
            {t('welcome.signIn')}
          </Button>
          <Button
            fullWidth
            size="large"
            variant="outlined"
            disabled={isBusy || auth.isLoading}
            onClick={() => void start(true)}
            data-testid="welcome-register"
          >
            {t('welcome.register')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
