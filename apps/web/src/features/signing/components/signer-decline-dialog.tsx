import { useTranslation } from 'react-i18next';
import { DeclineDialog } from '../../../shared/components/decline-dialog';
import { useToast } from '../../../shared/components/toast';
import { useDeclineChain } from '../api/decline-chain';

/**
 * The signer's decline from a signing screen (D§2): the reason dialog, the decline of their entry,
 * a toast either way; `onDeclined` leads back once it is done.
 */
export function SignerDeclineDialog({
  chainId,
  entryId,
  fileName,
  onDeclined,
  onClose,
}: {
  chainId: string;
  entryId: string;
  fileName: string;
  onDeclined: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('signing');
  const toast = useToast();
  const decline = useDeclineChain();
  return (
    <DeclineDialog
      fileName={fileName}
      onDecline={async (reason) => {
        try {
          await decline.mutateAsync({
            chainId,
            decision: { currentSignatureId: entryId, comment: reason || undefined },
          });
          toast.success(t('toast.declined', { fileName }));
          onDeclined();
          return true;
        } catch (error) {
          toast.error(error);
          return false;
        }
      }}
      onClose={onClose}
    />
  );
}
