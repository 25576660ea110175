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
import { useCredential } from '../api/get-credential';
import { CreateCredentialForm } from './create-credential-form';
import { UpdateCredentialForm } from './update-credential-form';

interface CredentialDialogProps {
  /** From the address: the owner (admins) and, in update mode, the credential. */
  userId: string | undefined;
  credentialId: string | undefined;
  isAdmin: boolean;
  onClose: () => void;
}

/** Create or update credential (spec platform §2); full screen on phones. */
export function CredentialDialog({
  userId,
  credentialId,
  isAdmin,
  onClose,
}: CredentialDialogProps) {
  const { t } = useTranslation(['credentials', 'common']);
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const isUpdate = credentialId !== undefined;
  const credential = useCredential(credentialId);
  const titleId = 'credential-dialog-title';

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
    >
      <DialogTitle id={titleId}>
        {isUpdate ? t('dialog.updateTitle') : t('dialog.createTitle')}
      </DialogTitle>
      {!isUpdate ? (
        <CreateCredentialForm userId={userId} isAdmin={isAdmin} onDone={onClose} />
      ) : credential.data ? (
        <UpdateCredentialForm credential={credential.data} onDone={onClose} />
      ) : (
        <DialogContent>
          {credential.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={onClose} data-testid="dialog-close">
                  {t('common:close')}
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
