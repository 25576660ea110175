import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteDevice } from '../api/delete-device';
import { ConfirmPopover } from './confirm-popover';
import { useToast } from './toast';

/**
 * A device's delete button with its confirmation (My profile's devices, the admin's devices): the
 * toast says `deletedMessage`, or the server's refusal (STILL_REFERENCED while an approval waits).
 */
export function DeleteDeviceButton({
  deviceId,
  deletedMessage,
  testId,
}: {
  deviceId: string;
  deletedMessage: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteDevice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const agree = async () => {
    setAnchor(null);
    try {
      await remove.mutateAsync(deviceId);
      toast.success(deletedMessage);
    } catch (error) {
      toast.error(error);
    }
  };
  return (
    <>
      <Tooltip title={t('common:actions.delete')}>
        <IconButton
          aria-label={t('common:actions.delete')}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid={testId}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmPopover anchorEl={anchor} onClose={() => setAnchor(null)} onAgree={agree} />
    </>
  );
}
