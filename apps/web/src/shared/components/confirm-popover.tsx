import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { commonNamespace } from '../i18n/namespaces';

export interface ConfirmPopoverProps {
  /** The element the popover points at (the delete button); null keeps it closed. */
  anchorEl: HTMLElement | null;
  /** Cancel, click outside or Escape. */
  onClose(): void;
  /** Agree; the popover closes itself first. */
  onAgree(): void;
  /** Replaces "Sure?" when given (already translated). */
  message?: string;
}

/**
 * The confirmation popover: "Sure?" with Cancel and Agree.
 * `const [anchor, setAnchor] = useState<HTMLElement | null>(null);`
 * `<IconButton onClick={(e) => setAnchor(e.currentTarget)} />`
 * `<ConfirmPopover anchorEl={anchor} onClose={() => setAnchor(null)} onAgree={remove} />`
 */
export function ConfirmPopover({ anchorEl, onClose, onAgree, message }: ConfirmPopoverProps) {
  const { t } = useTranslation(commonNamespace);
  return (
    <Popover
      open={Boolean(anchorEl)}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Stack spacing={1.5} sx={{ p: 2, minWidth: 180 }} data-testid="confirm-popover">
        <Typography variant="subtitle1">{message ?? t('confirm.sure')}</Typography>
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button size="small" onClick={onClose} data-testid="confirm-cancel">
            {t('actions.cancel')}
          </Button>
          <Button
            size="small"
            variant="contained"
            data-testid="confirm-agree"
            onClick={() => {
              onClose();
              onAgree();
            }}
          >
            {t('actions.agree')}
          </Button>
        </Stack>
      </Stack>
    </Popover>
  );
}
