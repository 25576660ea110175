import { zodResolver } from '@hookform/resolvers/zod';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateCredentialSchema } from '@signet/contracts/credentials';
import type { Credential, UpdateCredential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useUpdateCredential } from '../api/update-credential';
import { CredentialFormActions } from './credential-form-actions';
import { CredentialFormGrid } from './credential-form-grid';
import { DescriptionField } from './description-field';

/** Only the description changes after create. */
const descriptionOnlySchema = updateCredentialSchema.pick({ description: true });
type Values = Pick<UpdateCredential, 'description'>;

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} disabled fullWidth helperText=" " />;
}

/**
 * The update mode of the credential dialog (spec platform §2): key purpose, algorithm, size or
 * curve and auth mode are shown disabled.
 */
export function UpdateCredentialForm({
  credential,
  onDone,
}: {
  credential: Credential;
  onDone: () => void;
}) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const updateCredential = useUpdateCredential();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(descriptionOnlySchema),
    mode: 'onChange',
    defaultValues: { description: credential.description },
  });

  const submit = handleSubmit(async ({ description }) => {
    try {
      await updateCredential.mutateAsync({ id: credential.id, input: { description } });
      toast.success(t('toast.updated'));
      onDone();
    } catch (error) {
      toast.error(error);
    }
  });

  const sizeOrCurve =
    credential.rsaKeySize !== null ? String(credential.rsaKeySize) : (credential.ecCurveName ?? '');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ display: 'contents' }}>
      <DialogContent dividers>
        <CredentialFormGrid>
          <DescriptionField registration={register('description')} error={errors.description} />
          <ReadOnlyField
            label={t('dialog.keyPurpose')}
            value={t(`keyPurpose.${credential.keyPurpose}`)}
          />
          <ReadOnlyField
            label={t('dialog.authMode')}
            value={t(`authMode.${credential.authMode}`)}
          />
          <ReadOnlyField label={t('dialog.keyAlg')} value={t(`keyAlg.${credential.keyAlg}`)} />
          <ReadOnlyField
            label={
              credential.keyAlg === 'rsa'
                ? t('dialog.rsaKeySize')
                : credential.keyAlg === 'sphincs+'
                  ? t('dialog.sphincsParameterSet')
                  : t('dialog.ecCurveName')
            }
            value={sizeOrCurve}
          />
        </CredentialFormGrid>
      </DialogContent>
      <CredentialFormActions
        submitLabel={t('common:actions.update')}
        canSubmit={isValid && isDirty}
        isSubmitting={isSubmitting}
        onCancel={onDone}
        testId="credential-submit"
      />
    </form>
  );
}
