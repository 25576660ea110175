import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../shared/api/api-client-context';
import { isApiError } from '../../shared/api/api-error';
import { useAuth } from '../../shared/auth/use-auth';
import { useToast } from '../../shared/components/toast';
import { currentUserQueryKey, fetchCurrentUser } from '../../shared/hooks/use-current-user';

/** How often the user is read again while the address waits for confirmation (another tab may confirm). */
const confirmationPollMs = 5_000;

/**
 * "Confirm your e-mail address": shown while the signed-in user's address is unconfirmed, since
 * until then nothing addressed to it reaches them and they cannot invite anyone
 * (docs/decisions/020-confirmed-addresses.md). "Send the link again" asks the server, which
 * allows one a minute. The user is read again every few seconds and on focus, so the banner goes
 * once the link is opened, in this tab or another.
 */
export function ConfirmAddressBanner() {
  const { t } = useTranslation('app');
  const api = useApiClient();
  const toast = useToast();
  const { isAuthenticated } = useAuth();
  const { data: user } = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(api, signal),
    enabled: isAuthenticated,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data && !query.state.data.emailConfirmed ? confirmationPollMs : false,
  });
  const resend = useMutation({
    mutationFn: () => api.post('/api/v1/users/self/emailConfirmation'),
    onSuccess: () => toast.success(t('confirmAddress.sent', { email: user?.email ?? '' })),
    onError: (error) =>
      isApiError(error, 'TOO_MANY_REQUESTS')
        ? toast.error(t('confirmAddress.wait'))
        : toast.error(error),
  });

  if (!user || user.emailConfirmed) return null;
  return (
    <Alert severity="warning" data-testid="confirm-address-banner" sx={{ mb: 2 }}>
      <AlertTitle>{t('confirmAddress.title')}</AlertTitle>
      {t('confirmAddress.text', { email: user.email })}
      <Box sx={{ mt: 1 }}>
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          data-testid="confirm-address-resend"
        >
          {t('confirmAddress.resend')}
        </Button>
      </Box>
    </Alert>
  );
}
