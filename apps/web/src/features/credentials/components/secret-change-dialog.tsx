import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { secretChangeFormSchema } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { translateValidation } from '../validation-message';
import { KeyDialogFrame } from './key-dialog-frame';
import { SecretField } from './secret-field';

type Values = z.input<typeof secretChangeFormSchema>;

interface SecretChangeDialogProps {
  title: string;
  intro?: string;
  /** Label of the secret that opens the key: current key password, PUK or old PUK. */
  secretLabel: string;
  submitLabel: string;
  /** Sends the change; a rejection is shown as a toast and the dialog stays open. */
  onSubmit: (values: { secret: string; newKeyPassword: string }) => Promise<void>;
  onClose: () => void;
}

/** Change password, unlock and change PUK: one secret, then a new key password twice (§4, §5). */
export function SecretChangeDialog({
  title,
  intro,
  secretLabel,
  submitLabel,
  onSubmit,
  onClose,
}: SecretChangeDialogProps) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof secretChangeFormSchema>>({
    resolver: zodResolver(secretChangeFormSchema),
    mode: 'onTouched',
    defaultValues: { secret: '', newKeyPassword: '', confirmNewKeyPassword: '' },
  });

  const submit = handleSubmit(async ({ secret, newKeyPassword }) => {
    try {
      await onSubmit({ secret, newKeyPassword });
    } catch (error) {
      toast.error(error);
    }
  });

  return (
    <KeyDialogFrame
      title={title}
      intro={intro}
      submitLabel={submitLabel}
      canSubmit={isValid}
      isSubmitting={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <SecretField
        label={secretLabel}
        registration={register('secret')}
        error={translateValidation(t, errors.secret?.message)}
        autoComplete="current-password"
        autoFocus
      />
      <SecretField
        label={t('changePassword.newKeyPassword')}
        registration={register('newKeyPassword')}
        error={translateValidation(t, errors.newKeyPassword?.message)}
        hint={t('hint.keyPassword', { min: 6 })}
      />
      <SecretField
        label={t('changePassword.confirmNewKeyPassword')}
        registration={register('confirmNewKeyPassword')}
        error={translateValidation(t, errors.confirmNewKeyPassword?.message)}
      />
    </KeyDialogFrame>
  );
}
