import Box from '@mui/material/Box';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import {
  SilentLoginRequired,
  silentConsentRequest,
} from '../../features/csc/components/silent-login-required';
import { isApiError } from '../../shared/api/api-error';
import { useAuth } from '../../shared/auth/use-auth';
import { RetryAlert } from '../../shared/components/retry-alert';
import { useCurrentUser } from '../../shared/hooks/use-current-user';
import { permissionDeniedPath, welcomePath } from '../paths';
import { FullPageSpinner } from '../providers/remote-config-gate';

/**
 * The outer guard of every content route: signed in (else Welcome with the target stored),
 * users/self loaded, and not suspended (else the suspended error page) nor a prepared user whose
 * address is not proven yet (else the page that says to open the mailed link).
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { t } = useTranslation('app');
  const auth = useAuth();
  const location = useLocation();
  const currentUser = useCurrentUser();
  const target = location.pathname + location.search;
  const isSessionDead = isApiError(currentUser.error, 'UNAUTHORIZED');
  const { removeSession } = auth;

  useEffect(() => {
    // The token could not be renewed: forget it so Welcome does not send us straight back.
    if (isSessionDead) void removeSession();
  }, [isSessionDead, removeSession]);

  if (auth.isLoading) return <FullPageSpinner />;
  if (!auth.isAuthenticated) {
    // A CSC client's prompt=none: no sign-in page, the client hears login_required.
    const silent = silentConsentRequest(location);
    if (silent) return <SilentLoginRequired requestId={silent} />;
    return <Navigate to={welcomePath(target)} replace />;
  }
  if (currentUser.isError) {
    if (isApiError(currentUser.error, 'USER_SUSPENDED')) {
      return <Navigate to={permissionDeniedPath('suspended', target)} replace />;
    }
    if (isApiError(currentUser.error, 'EMAIL_NOT_CONFIRMED')) {
      return <Navigate to={permissionDeniedPath('unconfirmed', target)} replace />;
    }
    if (isSessionDead) return <FullPageSpinner />;
    return (
      <Box sx={{ p: 3, maxWidth: 560, mx: 'auto' }}>
        <RetryAlert onRetry={() => currentUser.refetch()}>{t('guard.userError')}</RetryAlert>
      </Box>
    );
  }
  if (!currentUser.data) return <FullPageSpinner />;
  if (currentUser.data.status === 'SUSPENDED') {
    return <Navigate to={permissionDeniedPath('suspended', target)} replace />;
  }
  return children;
}
