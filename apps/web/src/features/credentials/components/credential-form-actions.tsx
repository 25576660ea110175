import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';

interface CredentialFormActionsProps {
  submitLabel: string;
  /** The form can be sent: the submit button is enabled (unless submitting). */
  canSubmit: boolean;
  isSubmitting: boolean;
  onCancel: () => void;
  /** `data-testid` of the submit button. */
  testId?: string;
}

/** Cancel and submit under a credential form: create, update and the key actions. */
export function CredentialFormActions({
  submitLabel,
  canSubmit,
  isSubmitting,
  onCancel,
  testId,
}: CredentialFormActionsProps) {
  const { t } = useTranslation('credentials');
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={isSubmitting}>
        {t('common:actions.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={!canSubmit || isSubmitting}
        data-testid={testId}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
