import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPuk } from '@signet/contracts/credentials';

interface PukDialogProps {
  puk: string;
  /** The caller forgets the PUK when this closes: it is shown only once. */
  onClose: () => void;
}

/** The freshly generated PUK, once, as 4-4-4 with a copy button; closes only by its button. */
export function PukDialog({ puk, onClose }: PukDialogProps) {
  const { t } = useTranslation('credentials');
  const [isCopied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(puk);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Dialog open maxWidth="xs" fullWidth disableEscapeKeyDown aria-labelledby="puk-dialog-title">
      <DialogTitle id="puk-dialog-title">{t('activation.pukTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{t('activation.pukIntro')}</Typography>
          <Stack direction="row" spacing={1} alignItems="center" justifyContent="center">
            <Typography
              component="output"
              data-testid="puk-value"
              sx={{
                fontFamily: 'monospace',
                fontSize: { xs: '1.4rem', sm: '1.8rem' },
                letterSpacing: '0.08em',
                userSelect: 'all',
              }}
            >
              {formatPuk(puk)}
            </Typography>
          </Stack>
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy()}
            sx={{ alignSelf: 'center' }}
          >
            {t('activation.copy')}
          </Button>
          {isCopied && <Alert severity="success">{t('activation.copied')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="puk-confirm">
          {t('activation.pukConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
