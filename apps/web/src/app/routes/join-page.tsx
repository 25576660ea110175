import MailOutline from '@mui/icons-material/MailOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chainSchema } from '@signet/contracts/chains';
import { linkTokenSchema } from '@signet/contracts/common';
import { userSchema } from '@signet/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useApiClient } from '../../shared/api/api-client-context';
import { isApiError } from '../../shared/api/api-error';
import { useAuth } from '../../shared/auth/use-auth';
import { useToast } from '../../shared/components/toast';
import { currentUserQueryKey } from '../../shared/hooks/use-current-user';
import { paths, permissionDeniedPath } from '../paths';

/** What an invitation link binds: a user an admin prepared, or an entry of a signature chain. */
export type InvitationKind = 'user' | 'chain';

/**
 * `/join#<token>` and `/join/chain#<token>`, the links of invitation mails: the person signs in (or
 * registers) with any account and takes up the user an admin prepared, or their place in a chain.
 * The token rides in the fragment, which never reaches a server log.
 */
export default function JoinPage({ kind }: { kind: InvitationKind }) {
  const { t } = useTranslation('app');
  const auth = useAuth();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { hash } = useLocation();
  const token = hash.replace(/^#/, '');
  const [isSigningIn, setSigningIn] = useState(false);

  const accept = useMutation({
    mutationFn: async (): Promise<{ isSuspended: boolean }> => {
      if (kind === 'chain') {
        await api.post('/rdss/v1/signatureChains/invitation', { token }, { schema: chainSchema });
        return { isSuspended: false };
      }
      const user = await api.post(
        '/api/v1/users/self/invitation',
        { token },
        { schema: userSchema },
      );
      queryClient.setQueryData(currentUserQueryKey, user);
      return { isSuspended: user.status === 'SUSPENDED' };
    },
    onSuccess: async ({ isSuspended }) => {
      // An account the admin left suspended gets its page, never a welcome over it (issue 25 §9).
      if (isSuspended) {
        await navigate(permissionDeniedPath('suspended'), { replace: true });
        return;
      }
      toast.success(t(kind === 'chain' ? 'join.chainAccepted' : 'join.accepted'));
      await navigate(kind === 'chain' ? paths.myDocuments : paths.dashboard, { replace: true });
    },
    onError: (error) => {
      // A chain invitation for another address, or for this one still unconfirmed, is told on
      // the page with what to do (docs/decisions/020-confirmed-addresses.md).
      const isAboutAddress =
        isApiError(error, 'INVITATION_FOR_ANOTHER_ADDRESS') ||
        isApiError(error, 'ADDRESS_NOT_CONFIRMED');
      if (!isAboutAddress || !error.fields.email) toast.error(error);
    },
  });
  const addressRefusal =
    accept.error &&
    (isApiError(accept.error, 'INVITATION_FOR_ANOTHER_ADDRESS') ||
      isApiError(accept.error, 'ADDRESS_NOT_CONFIRMED')) &&
    accept.error.fields.email
      ? { code: accept.error.code, invited: accept.error.fields.email }
      : null;

  const signIn = async (register: boolean, forceLogin = false) => {
    setSigningIn(true);
    try {
      await auth.removeSession();
      const here = kind === 'chain' ? paths.joinChain : paths.join;
      await auth.signIn({ returnTo: `${here}#${token}`, register, forceLogin });
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (!/closed/i.test(message)) toast.error(t('welcome.signInFailed'));
    } finally {
      setSigningIn(false);
    }
  };

  const email = auth.user?.profile.email;
  const busy = isSigningIn || accept.isPending || auth.isLoading;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%' }}
      data-testid="join-page"
    >
      <Stack spacing={2} alignItems="center" textAlign="center">
        <MailOutline color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1">
          {t(kind === 'chain' ? 'join.chainTitle' : 'join.title')}
        </Typography>
        {!linkTokenSchema.safeParse(token).success ? (
          <Alert severity="error">{t('join.incomplete')}</Alert>
        ) : (
          <>
            <Typography color="text.secondary">
              {t(kind === 'chain' ? 'join.chainText' : 'join.text')}
            </Typography>
            {auth.isAuthenticated && addressRefusal ? (
              <>
                <Alert severity="warning" data-testid="join-address-refusal">
                  {t(
                    addressRefusal.code === 'ADDRESS_NOT_CONFIRMED'
                      ? 'join.confirmFirst'
                      : 'join.otherAddress',
                    { email: addressRefusal.invited },
                  )}
                </Alert>
                {email && <Typography>{t('join.signedInAs', { email })}</Typography>}
                {addressRefusal.code === 'INVITATION_FOR_ANOTHER_ADDRESS' && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                    <Button
                      variant="contained"
                      onClick={() => void signIn(false, true)}
                      disabled={busy}
                      sx={{ textTransform: 'none', overflowWrap: 'anywhere' }}
                    >
                      {t('join.signInAs', { email: addressRefusal.invited })}
                    </Button>
                    <Button
                      variant="outlined"
                      onClick={() => void signIn(true)}
                      disabled={busy}
                      sx={{ textTransform: 'none', overflowWrap: 'anywhere' }}
                    >
                      {t('join.registerAs', { email: addressRefusal.invited })}
                    </Button>
                  </Stack>
                )}
              </>
            ) : auth.isAuthenticated ? (
              <>
                {email && <Typography>{t('join.signedInAs', { email })}</Typography>}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button onClick={() => void signIn(false, true)} disabled={busy}>
                    {t('join.otherAccount')}
                  </Button>
                  <Button
                    variant="contained"
                    onClick={() => accept.mutate()}
                    disabled={busy}
                    data-testid="join-accept"
                  >
                    {t('join.accept')}
                  </Button>
                </Stack>
              </>
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="contained" onClick={() => void signIn(false)} disabled={busy}>
                  {t('welcome.signIn')}
                </Button>
                <Button variant="outlined" onClick={() => void signIn(true)} disabled={busy}>
                  {t('welcome.register')}
                </Button>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
