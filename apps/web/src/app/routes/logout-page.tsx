import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/use-auth';
import { CallbackProgress } from './login-callback-page';

/** /logout: forget the cached server state, end the session, land on Welcome. */
export function LogoutPage() {
  const { t } = useTranslation('app');
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    queryClient.clear();
    void signOut();
  }, [signOut, queryClient]);

  return <CallbackProgress text={t('callback.signingOut')} />;
}
