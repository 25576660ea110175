import { useTranslation } from 'react-i18next';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useUnlockCredential } from '../api/unlock-credential';
import { SecretChangeDialog } from './secret-change-dialog';

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
  return (
    <SecretChangeDialog
      title={t('unlock.title')}
      intro={t('unlock.intro')}
      secretLabel={t('unlock.keyPuk')}
      submitLabel={t('unlock.submit')}
      onSubmit={async ({ secret, newKeyPassword }) => {
        await unlock.mutateAsync({ id: credential.id, input: { keyPuk: secret, newKeyPassword } });
        toast.success(t('toast.unlocked'));
        onClose();
      }}
      onClose={onClose}
    />
  );
}
