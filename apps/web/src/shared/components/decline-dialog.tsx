import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const maxReason = 255;

interface DeclineDialogProps {
  fileName: string;
  onDecline: (reason: string) => Promise<boolean>;
  onClose: () => void;
  /** Declining (the default), or the creator withdrawing the chain: the same optional reason. */
  kind?: 'decline' | 'withdraw';
}

/**
 * The decline-reason dialog: optional, at most 255 characters, with a counter (documents §5); the
 * creator's withdrawal asks for its reason the same way (issue 26 §4).
 */
export function DeclineDialog({
  fileName,
  onDecline,
  onClose,
  kind = 'decline',
}: DeclineDialogProps) {
  const { t } = useTranslation('common');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const tooLong = reason.length > maxReason;

  const submit = async () => {
    setBusy(true);
    const done = await onDecline(reason.trim());
    setBusy(false);
    if (done) onClose();
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {t(`${kind}.title`)}: {fileName}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          label={t(`${kind}.reason`)}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={tooLong}
          helperText={`${reason.length} / ${maxReason}`}
          slotProps={{ htmlInput: { 'data-testid': `${kind}-reason` } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void submit()}
          disabled={busy || tooLong}
          data-testid={`${kind}-confirm`}
        >
          {t(`${kind}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
