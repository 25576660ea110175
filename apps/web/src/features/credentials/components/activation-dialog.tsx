import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { activationFormSchema, generatePuk } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useActivateCredential } from '../api/activate-credential';
import { translateValidation } from '../validation-message';
import { KeyDialogFrame } from './key-dialog-frame';
import { SecretField } from './secret-field';

type Values = z.input<typeof activationFormSchema>;

interface ActivationDialogProps {
  credential: Credential;
  onClose: () => void;
  /** Activated: the PUK generated for it, to show once. */
  onActivated: (puk: string) => void;
}

/**
 * Explicit activation (spec platform §4): the key password twice; a 12-digit PUK is generated here
 * with the platform's CSPRNG and sent with it, then shown once by the caller.
 */
export function ActivationDialog({ credential, onClose, onActivated }: ActivationDialogProps) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const activate = useActivateCredential();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof activationFormSchema>>({
    resolver: zodResolver(activationFormSchema),
    mode: 'onTouched',
    defaultValues: { keyPassword: '', confirmKeyPassword: '' },
  });

  const submit = handleSubmit(async ({ keyPassword }) => {
    const keyPuk = generatePuk();
    try {
      await activate.mutateAsync({ id: credential.id, input: { keyPassword, keyPuk } });
      toast.success(t('toast.activated'));
      onActivated(keyPuk);
    } catch (error) {
      toast.error(error);
    }
  });

  return (
    <KeyDialogFrame
      title={t('activation.title')}
      intro={t('activation.intro', { description: credential.description })}
      submitLabel={t('activation.submit')}
      canSubmit={isValid}
      isSubmitting={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <SecretField
        label={t('activation.keyPassword')}
        registration={register('keyPassword')}
        error={translateValidation(t, errors.keyPassword?.message)}
        hint={t('hint.keyPassword', { min: 6 })}
        autoFocus
      />
      <SecretField
        label={t('activation.confirmKeyPassword')}
        registration={register('confirmKeyPassword')}
        error={translateValidation(t, errors.confirmKeyPassword?.message)}
      />
    </KeyDialogFrame>
  );
}
