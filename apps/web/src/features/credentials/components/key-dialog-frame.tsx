import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent, ReactNode } from 'react';
import { CredentialFormActions } from './credential-form-actions';

interface KeyDialogFrameProps {
  title: string;
  /** Text above the fields. */
  intro?: ReactNode;
  submitLabel: string;
  /** The form is valid: the submit button is enabled. */
  canSubmit: boolean;
  /** While submitting the dialog cannot be closed and both buttons are disabled. */
  isSubmitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onClose: () => void;
  /** The secret fields. */
  children: ReactNode;
}

/** The dialog and form around a key action (activate, change password, unlock, change PUK). */
export function KeyDialogFrame({
  title,
  intro,
  submitLabel,
  canSubmit,
  isSubmitting,
  onSubmit,
  onClose,
  children,
}: KeyDialogFrameProps) {
  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {intro !== undefined && <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>}
          {children}
        </DialogContent>
        <CredentialFormActions
          submitLabel={submitLabel}
          canSubmit={canSubmit}
          isSubmitting={isSubmitting}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
