import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { changePukFormSchema, generatePuk } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useChangePuk } from '../api/change-puk';
import { translateValidation } from '../validation-message';
import { KeyDialogFrame } from './key-dialog-frame';
import { NewKeyPasswordFields } from './new-key-password-fields';
import { SecretField } from './secret-field';

type Values = z.input<typeof changePukFormSchema>;

interface ChangePukDialogProps {
  credential: Credential;
  onClose: () => void;
  /** Changed: the new PUK, to show once. */
  onChanged: (puk: string) => void;
}

/** Change PUK: the old PUK and a new key password twice; the new PUK is generated here. */
export function ChangePukDialog({ credential, onClose, onChanged }: ChangePukDialogProps) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const changePuk = useChangePuk();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof changePukFormSchema>>({
    resolver: zodResolver(changePukFormSchema),
    mode: 'onTouched',
    defaultValues: { oldKeyPuk: '', newKeyPassword: '', confirmNewKeyPassword: '' },
  });

  const submit = handleSubmit(async ({ oldKeyPuk, newKeyPassword }) => {
    const newKeyPuk = generatePuk();
    try {
      await changePuk.mutateAsync({
        id: credential.id,
        input: { oldKeyPuk, newKeyPuk, newKeyPassword },
      });
      toast.success(t('toast.pukChanged'));
      onChanged(newKeyPuk);
    } catch (error) {
      toast.error(error);
    }
  });

  return (
    <KeyDialogFrame
      title={t('changePuk.title')}
      intro={t('changePuk.intro')}
      submitLabel={t('changePuk.submit')}
      canSubmit={isValid}
      isSubmitting={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <SecretField
        label={t('changePuk.oldKeyPuk')}
        registration={register('oldKeyPuk')}
        error={translateValidation(t, errors.oldKeyPuk?.message)}
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
