import type { SignResult } from '@signet/contracts/signatures';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../shared/components/toast';

/** The toast after signing, naming what happened: signed, and whether the chain is complete. */
export function useSignedToast() {
  const { t } = useTranslation('signing');
  const toast = useToast();
  return (result: SignResult, fileNames: readonly string[]) => {
    if (fileNames.length === 1) {
      const completed = result[0]?.chainStatus === 'DONE';
      toast.success(
        t(completed ? 'toast.signedAndCompleted' : 'toast.signed', { fileName: fileNames[0] }),
      );
    } else {
      const completed = result.filter((item) => item.chainStatus === 'DONE').length;
      toast.success(t('toast.signedMany', { count: fileNames.length, completed }));
    }
  };
}
