import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useRequestCertificate } from '../api/request-certificate';

interface RequestCertificateDialogProps {
  credential: Credential;
  /** `csr`: a certificate for the stored request; `renew`: a key update of the current one. */
  kind: 'csr' | 'renew';
  onClose: () => void;
}

/**
 * Asks the certificate authority for a certificate of the credential's key (CMP). A renewal of an
 * activated explicit key is signed by the key, so it asks for the key password.
 */
export function RequestCertificateDialog({
  credential,
  kind,
  onClose,
}: RequestCertificateDialogProps) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const request = useRequestCertificate();
  const [keyPassword, setKeyPassword] = useState('');
  const needsPassword =
    kind === 'renew' && credential.authMode === 'EXPLICIT' && credential.status === 'ACTIVATED';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await request.mutateAsync({
        id: credential.id,
        input: { kind, ...(needsPassword ? { keyPassword } : {}) },
      });
      toast.success(t('toast.certificateIssued'));
      onClose();
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="request-certificate-dialog">
      <form onSubmit={(event) => void submit(event)}>
        <DialogTitle>{t(kind === 'csr' ? 'cmp.requestTitle' : 'cmp.renewTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t(kind === 'csr' ? 'cmp.requestText' : 'cmp.renewText')}
          </DialogContentText>
          {needsPassword && (
            <TextField
              type="password"
              label={t('cmp.keyPassword')}
              value={keyPassword}
              onChange={(event) => setKeyPassword(event.target.value)}
              required
              fullWidth
              autoFocus
              autoComplete="current-password"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              data-testid="request-certificate-password"
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={request.isPending}>
            {t('certificates.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={request.isPending || (needsPassword && keyPassword === '')}
            data-testid="request-certificate-submit"
          >
            {t(kind === 'csr' ? 'cmp.request' : 'cmp.renew')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
