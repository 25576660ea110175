import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DrawIcon from '@mui/icons-material/Draw';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface SignActionsProps {
  /** Why Sign cannot be pressed yet, said above the buttons. */
  blocker: string | undefined;
  onBack: () => void;
  /** Absent where the signer does not decline; given the button, for a confirmation there. */
  onDecline?: ((button: HTMLElement) => void) | undefined;
  /** "Sign", or "Sign all" on the batch screen. */
  signLabel: string;
  disabled: boolean;
  onSign: () => void;
}

/** The foot of a signing screen's form: what blocks Sign, then Back, Decline and Sign. */
export function SignActions({
  blocker,
  onBack,
  onDecline,
  signLabel,
  disabled,
  onSign,
}: SignActionsProps) {
  const { t } = useTranslation('signing');
  return (
    <>
      {blocker && (
        <Typography variant="body2" color="text.secondary" data-testid="sign-blocker">
          {blocker}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {t('common:actions.back')}
        </Button>
        {onDecline && (
          <Button
            color="error"
            variant="outlined"
            onClick={(event) => onDecline(event.currentTarget)}
            data-testid="sign-decline"
          >
            {t('actions.decline')}
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<DrawIcon />}
          disabled={disabled}
          onClick={onSign}
          data-testid="sign-confirm"
        >
          {signLabel}
        </Button>
      </Box>
    </>
  );
}
