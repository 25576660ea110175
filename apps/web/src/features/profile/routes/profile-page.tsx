import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../shared/components/page-title';
import { RetryAlert } from '../../../shared/components/retry-alert';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { AccountCard } from '../components/account-card';
import { AddDeviceDialog } from '../components/add-device-dialog';
import { CallbackSecretCard } from '../components/callback-secret-card';
import { DevicesCard, profilePath } from '../components/devices-card';
import { UpdateDeviceDialog } from '../components/update-device-dialog';
import { GeneralCard } from '../components/general-card';
import { LanguageCard } from '../components/language-card';
import { MailCard } from '../components/mail-card';
import { RolesCard } from '../components/roles-card';
import { VerificationCard } from '../components/verification-card';

/** My profile (spec platform §2); `/devices/add` and `/devices/{id}/update` open their dialogs over it. */
export default function ProfilePage({ deviceDialog }: { deviceDialog?: 'add' | 'update' }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const { deviceId } = useParams();
  const closeDialog = () => void navigate(profilePath);
  const config = useRemoteConfig();
  const currentUser = useCurrentUser();

  if (currentUser.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  }
  if (currentUser.isError) {
    return <RetryAlert onRetry={() => currentUser.refetch()}>{t('loadError')}</RetryAlert>;
  }

  const user = currentUser.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 880, minWidth: 0 }}>
      <PageTitle>{t('title')}</PageTitle>
      <GeneralCard user={user} accountManagementUrl={config.accountManagementURL} />
      <LanguageCard locale={user.locale} />
      <MailCard preference={user.mailPreference} />
      <RolesCard roles={user.roles} />
      <VerificationCard user={user} />
      <AccountCard
        changePasswordUrl={config.changePasswordURL}
        deleteAccountUrl={config.deleteAccountURL}
      />
      <DevicesCard />
      {user.roles.includes('creator') && <CallbackSecretCard />}
      {deviceDialog === 'add' && <AddDeviceDialog onClose={closeDialog} />}
      {deviceDialog === 'update' && deviceId && (
        <UpdateDeviceDialog id={deviceId} onClose={closeDialog} />
      )}
    </Stack>
  );
}
