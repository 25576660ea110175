import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { unlockFormSchema } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useUnlockCredential } from '../api/unlock-credential';
import { translateValidation } from '../validation-message';
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
    <Dialog open onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{t('unlock.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('unlock.intro')}</DialogContentText>
          <SecretField
            label={t('unlock.keyPuk')}
            registration={register('keyPuk')}
            error={translateValidation(t, errors.keyPuk?.message)}
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
            {t('unlock.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
