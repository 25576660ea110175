import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { changePasswordFormSchema } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useChangeKeyPassword } from '../api/change-key-password';
import { translateValidation } from '../validation-message';
import { KeyDialogFrame } from './key-dialog-frame';
import { NewKeyPasswordFields } from './new-key-password-fields';
import { SecretField } from './secret-field';

type Values = z.input<typeof changePasswordFormSchema>;

/** Change key password: the current one, the new one twice (spec platform §4, §5). */
export function ChangePasswordDialog({
  credential,
  onClose,
}: {
  credential: Credential;
  onClose: () => void;
}) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const changePassword = useChangeKeyPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { oldKeyPassword: '', newKeyPassword: '', confirmNewKeyPassword: '' },
  });

  const submit = handleSubmit(async ({ oldKeyPassword, newKeyPassword }) => {
    try {
      await changePassword.mutateAsync({
        id: credential.id,
        input: { oldKeyPassword, newKeyPassword },
      });
      toast.success(t('toast.passwordChanged'));
      onClose();
    } catch (error) {
      toast.error(error);
    }
  });

  return (
    <KeyDialogFrame
      title={t('changePassword.title')}
      submitLabel={t('changePassword.submit')}
      canSubmit={isValid}
      isSubmitting={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <SecretField
        label={t('changePassword.oldKeyPassword')}
        registration={register('oldKeyPassword')}
        error={translateValidation(t, errors.oldKeyPassword?.message)}
        autoComplete="current-password"
        autoFocus
      />
      <NewKeyPasswordFields
        newKeyPassword={register('newKeyPassword')}
        confirmNewKeyPassword={register('confirmNewKeyPassword')}
        errors={errors}
      />
    </KeyDialogFrame>
  );
}
