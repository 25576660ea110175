import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { changePasswordFormSchema } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useChangeKeyPassword } from '../api/change-key-password';
import { translateValidation } from '../validation-message';
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
    <Dialog open onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{t('changePassword.title')}</DialogTitle>
        <DialogContent>
          <SecretField
            label={t('changePassword.oldKeyPassword')}
            registration={register('oldKeyPassword')}
            error={translateValidation(t, errors.oldKeyPassword?.message)}
            autoComplete="current-password"
            autoFocus
          />
          <SecretField
            label={t('changePassword.newKeyPassword')}
            registration={register('newKeyPassword')}
            error={translateValidation(t, errors.newKeyPassword?.message)}
          />
          <SecretField
            label={t('changePassword.confirmNewKeyPassword')}
            registration={register('confirmNewKeyPassword')}
            error={translateValidation(t, errors.confirmNewKeyPassword?.message)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid || isSubmitting}>
            {t('changePassword.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
