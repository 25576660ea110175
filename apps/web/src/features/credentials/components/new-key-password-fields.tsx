import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../validation-message';
import { SecretField } from './secret-field';

interface NewKeyPasswordFieldsProps {
  newKeyPassword: UseFormRegisterReturn;
  confirmNewKeyPassword: UseFormRegisterReturn;
  /** The form's errors (untranslated messages). */
  errors: {
    newKeyPassword?: { message?: string | undefined } | undefined;
    confirmNewKeyPassword?: { message?: string | undefined } | undefined;
  };
}

/** A new key password and its confirmation (change password, unlock, change PUK). */
export function NewKeyPasswordFields({
  newKeyPassword,
  confirmNewKeyPassword,
  errors,
}: NewKeyPasswordFieldsProps) {
  const { t } = useTranslation('credentials');
  return (
    <>
      <SecretField
        label={t('changePassword.newKeyPassword')}
        registration={newKeyPassword}
        error={translateValidation(t, errors.newKeyPassword?.message)}
      />
      <SecretField
        label={t('changePassword.confirmNewKeyPassword')}
        registration={confirmNewKeyPassword}
        error={translateValidation(t, errors.confirmNewKeyPassword?.message)}
      />
    </>
  );
}
