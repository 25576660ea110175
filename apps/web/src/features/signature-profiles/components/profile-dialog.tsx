import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/get-profile';
import { useSigningCredentials } from '../api/get-signing-credentials';
import { NoCredentialDialog } from './no-credential-dialog';
import { ProfileForm } from './profile-form';

interface ProfileDialogProps {
  /** Update mode when given. */
  profileId: string | undefined;
  initialFile?: File;
  onClose: () => void;
}

/** Create or update a signature profile (D§2); full screen on phones. */
export function ProfileDialog({ profileId, initialFile, onClose }: ProfileDialogProps) {
  const { t } = useTranslation('signatureProfiles');
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const isUpdate = profileId !== undefined;
  const profile = useProfile(profileId);
  const credentials = useSigningCredentials();
  const titleId = 'profile-dialog-title';

  if (credentials.data?.length === 0) return <NoCredentialDialog onClose={onClose} />;
  const failed = credentials.isError || profile.isError;
  const ready = credentials.data !== undefined && (!isUpdate || profile.data !== undefined);

  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        // A half-filled form is not lost by a stray click beside it.
        if (reason !== 'backdropClick') onClose();
      }}
      fullScreen={isPhone}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { 'data-testid': 'profile-dialog' } as object }}
    >
      <DialogTitle id={titleId}>
        {isUpdate ? t('dialog.updateTitle') : t('dialog.createTitle')}
      </DialogTitle>
      {ready && credentials.data ? (
        <ProfileForm
          profile={profile.data}
          credentials={credentials.data}
          initialFile={initialFile}
          onDone={onClose}
        />
      ) : (
        <DialogContent>
          {failed ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={onClose}>
                  {t('common:actions.close')}
                </Button>
              }
            >
              {t('dialog.loadError')}
            </Alert>
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress />
            </Box>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
