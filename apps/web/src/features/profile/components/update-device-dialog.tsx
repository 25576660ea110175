import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { deviceMessages, updateDeviceSchema } from '@signet/contracts/devices';
import type { Device } from '@signet/contracts/devices';
import { RetryAlert } from '../../../shared/components/retry-alert';
import { useToast } from '../../../shared/components/toast';
import { useDevice, useUpdateDevice } from '../api/update-device';

type Values = z.input<typeof updateDeviceSchema>;

function UpdateDeviceForm({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const update = useUpdateDevice();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof updateDeviceSchema>>({
    resolver: zodResolver(updateDeviceSchema),
    mode: 'onChange',
    defaultValues: { friendlyName: device.friendlyName },
  });
  const message = errors.friendlyName?.message;
  const submit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: device.id, input });
      toast.success(t('devices.updated'));
      onClose();
    } catch (error) {
      toast.error(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('devices.friendlyName')}
            required
            autoFocus
            {...register('friendlyName')}
            error={message !== undefined}
            helperText={
              message === deviceMessages.required
                ? t('validation.required')
                : message !== undefined
                  ? t('devices.nameSize')
                  : ' '
            }
            slotProps={{ htmlInput: { 'data-testid': 'device-name', maxLength: 255 } }}
          />
          <FormControlLabel
            control={<Switch checked={device.enabled} disabled />}
            label={t('devices.enabled')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isValid || !isDirty || isSubmitting}
          data-testid="device-save"
        >
          {t('common:actions.update')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The update-device dialog (spec platform §2): friendly name and a disabled enabled switch. */
export function UpdateDeviceDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const device = useDevice(id);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="update-device-dialog">
      <DialogTitle>{t('devices.updateTitle')}</DialogTitle>
      {device.isError && (
        <DialogContent>
          <RetryAlert onRetry={() => device.refetch()}>{t('devices.loadError')}</RetryAlert>
        </DialogContent>
      )}
      {device.isPending && (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </DialogContent>
      )}
      {device.data && <UpdateDeviceForm device={device.data} onClose={onClose} />}
    </Dialog>
  );
}
