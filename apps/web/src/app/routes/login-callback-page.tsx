import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../shared/api/api-client-context';
import { isApiError } from '../../shared/api/api-error';
import { returnTargetFromState } from '../../shared/auth/return-target';
import { useAuth } from '../../shared/auth/use-auth';
import { currentUserQueryKey, fetchCurrentUser } from '../../shared/hooks/use-current-user';
import { paths, permissionDeniedPath } from '../paths';

export function CallbackProgress({ text }: { text: string }) {
  return (
    <Stack spacing={2} alignItems="center">
      <CircularProgress />
      <Typography>{text}</Typography>
    </Stack>
  );
}

/**
 * Return of a redirect sign-in (spec platform §4): success loads or creates the user and goes to
 * the stored target; a suspended user goes to permission denied; any other error to Welcome.
 */
export function LoginCallbackPage() {
  const { t } = useTranslation('app');
  const { userManager } = useAuth();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      let target: string = paths.dashboard;
      try {
        const user = await userManager.signinRedirectCallback();
        target = returnTargetFromState(user.state, paths.dashboard);
        // An invitation binds the user row: there may be none to load before it is accepted.
        if (target.startsWith(paths.join)) {
          await navigate(target, { replace: true });
          return;
        }
        // The client reads the token from the session, which the callback has just stored.
        const me = await fetchCurrentUser(api);
        queryClient.setQueryData(currentUserQueryKey, me);
        await navigate(target, { replace: true });
      } catch (error) {
        if (isApiError(error, 'USER_SUSPENDED')) {
          await navigate(permissionDeniedPath('suspended', target), { replace: true });
        } else if (isApiError(error, 'EMAIL_NOT_CONFIRMED')) {
          await navigate(permissionDeniedPath('unconfirmed', target), { replace: true });
        } else {
          await navigate(paths.welcome, { replace: true });
        }
      }
    })();
  }, [userManager, api, queryClient, navigate]);

  return <CallbackProgress text={t('callback.signingIn')} />;
}
