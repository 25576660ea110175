import { useTranslation } from 'react-i18next';
import { generatePuk } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { useToast } from '../../../shared/components/toast';
import { useChangePuk } from '../api/change-puk';
import { SecretChangeDialog } from './secret-change-dialog';

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
  return (
    <SecretChangeDialog
      title={t('changePuk.title')}
      intro={t('changePuk.intro')}
      secretLabel={t('changePuk.oldKeyPuk')}
      submitLabel={t('changePuk.submit')}
      onSubmit={async ({ secret, newKeyPassword }) => {
        const newKeyPuk = generatePuk();
        await changePuk.mutateAsync({
          id: credential.id,
          input: { oldKeyPuk: secret, newKeyPuk, newKeyPassword },
        });
        toast.success(t('toast.pukChanged'));
        onChanged(newKeyPuk);
      }}
      onClose={onClose}
    />
  );
}
