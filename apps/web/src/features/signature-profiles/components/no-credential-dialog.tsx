import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { profilePaths } from '../profile-list-query';

/** The warning when the user has no activated signing credential (D§2), with a link to /credentials. */
export function NoCredentialDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('signatureProfiles');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="no-credential-dialog">
      <DialogTitle>{t('noCredential.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('noCredential.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button
          variant="contained"
          component={RouterLink}
          to={profilePaths.credentials}
          data-testid="no-credential-link"
        >
          {t('noCredential.toCredentials')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
