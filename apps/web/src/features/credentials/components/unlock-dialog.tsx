import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { unlockFormSchema } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useUnlockCredential } from '../api/unlock-credential';
import { translateValidation } from '../validation-message';
import { KeyDialogFrame } from './key-dialog-frame';
import { NewKeyPasswordFields } from './new-key-password-fields';
import { SecretField } from './secret-field';

type Values = z.input<typeof unlockFormSchema>;

/** Unlock: the PUK and a new key password twice (spec platform §4, §5). */
export function UnlockDialog({
  credential,
  onClose,
}: {
  credential: Credential;
  onClose: () => void;
}) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const unlock = useUnlockCredential();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof unlockFormSchema>>({
    resolver: zodResolver(unlockFormSchema),
    mode: 'onTouched',
    defaultValues: { keyPuk: '', newKeyPassword: '', confirmNewKeyPassword: '' },
  });

  const submit = handleSubmit(async ({ keyPuk, newKeyPassword }) => {
    try {
      await unlock.mutateAsync({ id: credential.id, input: { keyPuk, newKeyPassword } });
      toast.success(t('toast.unlocked'));
      onClose();
    } catch (error) {
      toast.error(error);
    }
  });

  return (
    <KeyDialogFrame
      title={t('unlock.title')}
      intro={t('unlock.intro')}
      submitLabel={t('unlock.submit')}
      canSubmit={isValid}
      isSubmitting={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <SecretField
        label={t('unlock.keyPuk')}
        registration={register('keyPuk')}
        error={translateValidation(t, errors.keyPuk?.message)}
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
