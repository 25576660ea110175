import TextField from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../validation-message';

interface DescriptionFieldProps {
  registration: UseFormRegisterReturn;
  /** The field's error (its message is a contract message, translated here). */
  error: FieldError | undefined;
}

/** The credential's description, the first field of the create and update forms. */
export function DescriptionField({ registration, error }: DescriptionFieldProps) {
  const { t } = useTranslation('credentials');
  return (
    <TextField
      {...registration}
      label={t('dialog.description')}
      required
      fullWidth
      autoFocus
      error={Boolean(error)}
      helperText={translateValidation(t, error?.message) ?? ' '}
      slotProps={{ htmlInput: { 'data-testid': 'credential-description' } }}
      sx={{ gridColumn: '1 / -1' }}
    />
  );
}
