import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface SecretFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** Already translated error text. */
  error: string | undefined;
  autoFocus?: boolean;
  /** `current-password` for an old secret, `new-password` for a new one. */
  autoComplete?: 'current-password' | 'new-password';
  /** What a new secret must be, shown until there is an error to show. */
  hint?: string;
}

/** A key password or PUK input: hidden, numeric keyboard on phones, message under it. */
export function SecretField({
  label,
  registration,
  error,
  autoFocus,
  autoComplete = 'new-password',
  hint,
}: SecretFieldProps) {
  return (
    <TextField
      {...registration}
      type="password"
      label={label}
      required
      fullWidth
      autoFocus={autoFocus}
      autoComplete={autoComplete}
      error={Boolean(error)}
      helperText={error ?? hint ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
