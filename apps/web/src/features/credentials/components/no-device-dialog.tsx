import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Where a device is added (the profile's add-device dialog). */
const addDevicePath = '/user/profile/devices/add';

/** Implicit activation without an enabled device (spec platform §4): offers to add one. */
export function NoDeviceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('credentials');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="no-device-dialog">
      <DialogTitle>{t('activation.noDeviceTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('activation.noDeviceText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        <Button variant="contained" component={RouterLink} to={addDevicePath}>
          {t('activation.addDevice')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
