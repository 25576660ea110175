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
import { changePukFormSchema, generatePuk } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useChangePuk } from '../api/change-puk';
import { translateValidation } from '../validation-message';
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
    <Dialog open onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{t('changePuk.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('changePuk.intro')}</DialogContentText>
          <SecretField
            label={t('changePuk.oldKeyPuk')}
            registration={register('oldKeyPuk')}
            error={translateValidation(t, errors.oldKeyPuk?.message)}
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
            {t('changePuk.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
