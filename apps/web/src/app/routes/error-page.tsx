import Block from '@mui/icons-material/Block';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import PersonOff from '@mui/icons-material/PersonOff';
import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnTarget } from '../../shared/auth/return-target';
import { useAuth } from '../../shared/auth/use-auth';
import { useToast } from '../../shared/components/toast';
import { paths } from '../paths';

export type ErrorPageMode = 'suspended' | 'unconfirmed' | 'notAllowed' | 'notFound';

const icons = {
  suspended: PersonOff,
  unconfirmed: MarkEmailUnread,
  notAllowed: Block,
  notFound: SearchOff,
} as const;

/** The error page in its three modes (spec platform §2). */
export function ErrorPage({ mode }: { mode: ErrorPageMode }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const auth = useAuth();
  const toast = useToast();
  const [isBusy, setBusy] = useState(false);
  const Icon = icons[mode];

  const signInAgain = async () => {
    const returnTo = safeReturnTarget(search.get('from'), paths.dashboard);
    setBusy(true);
    try {
      await auth.removeSession();
      if (await auth.signIn({ returnTo, forceLogin: true })) {
        await navigate(returnTo, { replace: true });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      toast.error(
        message ? t('welcome.signInFailedDetails', { message }) : t('welcome.signInFailed'),
      );
      await navigate(paths.welcome, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center' }}
      data-testid={`error-page-${mode}`}
    >
      <Stack spacing={2} alignItems="center">
        <Icon color="action" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1">
          {t(`errorPage.${mode}.title`)}
        </Typography>
        <Typography color="text.secondary">{t(`errorPage.${mode}.text`)}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ pt: 1 }}>
          {(mode === 'suspended' || mode === 'unconfirmed') && (
            <Button variant="contained" onClick={() => void navigate(paths.logout)}>
              {t(`errorPage.${mode}.button`)}
            </Button>
          )}
          {mode === 'notAllowed' && (
            <>
              <Button onClick={() => void navigate(paths.dashboard)} disabled={isBusy}>
                {t('errorPage.notAllowed.cancel')}
              </Button>
              <Button variant="contained" onClick={() => void signInAgain()} disabled={isBusy}>
                {t('errorPage.notAllowed.button')}
              </Button>
            </>
          )}
          {mode === 'notFound' && (
            <Button variant="contained" onClick={() => void navigate(paths.dashboard)}>
              {t('errorPage.notFound.button')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /permissionDenied?mode=suspended|unconfirmed|notAllowed&from=<path> */
export function PermissionDeniedPage() {
  const [search] = useSearchParams();
  const mode = search.get('mode');
  return <ErrorPage mode={mode === 'suspended' || mode === 'unconfirmed' ? mode : 'notAllowed'} />;
}

export function NotFoundPage() {
  return <ErrorPage mode="notFound" />;
}
