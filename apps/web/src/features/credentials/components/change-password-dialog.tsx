import { useTranslation } from 'react-i18next';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useChangeKeyPassword } from '../api/change-key-password';
import { SecretChangeDialog } from './secret-change-dialog';

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
  return (
    <SecretChangeDialog
      title={t('changePassword.title')}
      secretLabel={t('changePassword.oldKeyPassword')}
      submitLabel={t('changePassword.submit')}
      onSubmit={async ({ secret, newKeyPassword }) => {
        await changePassword.mutateAsync({
          id: credential.id,
          input: { oldKeyPassword: secret, newKeyPassword },
        });
        toast.success(t('toast.passwordChanged'));
        onClose();
      }}
      onClose={onClose}
    />
  );
}
