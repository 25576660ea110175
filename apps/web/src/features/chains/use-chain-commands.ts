import { useTranslation } from 'react-i18next';
import type { Chain } from '@signet/contracts/chains';
import { useApiClient } from '../../shared/api/api-client-context';
import { isApiError } from '../../shared/api/api-error';
import { useToast } from '../../shared/components/toast';
import { chainActions, useChainAction } from './api/chain-actions';
import { getDocumentFile } from './api/document-files';
import { chainDocuments, leadDocumentId } from './chain-view';

/** Saves a Blob under a file name through a temporary link. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Original keeps its name, with .pdf added when missing (documents §9). */
function downloadName(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}

/** The chain commands every list offers, each with its toast (documents §2 rows, §8). */
export function useChainCommands() {
  const { t } = useTranslation('chains');
  const toast = useToast();
  const client = useApiClient();
  const withdraw = useChainAction(chainActions.withdraw);
  const softDelete = useChainAction(chainActions.softDelete);
  const deleteForGood = useChainAction(chainActions.delete);
  const decline = useChainAction(chainActions.decline);

  const run = async (work: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await work();
      toast.success(success);
      return true;
    } catch (error) {
      toast.error(error);
      return false;
    }
  };

  return {
    isBusy:
      withdraw.isPending || softDelete.isPending || deleteForGood.isPending || decline.isPending,
    withdraw: (chain: Chain, reason = '') =>
      run(() => withdraw.mutateAsync([chain.id, reason ? { reason } : {}]), t('toast.withdrawn')),
    softDelete: async (chain: Chain) => {
      try {
        await softDelete.mutateAsync([chain.id]);
        toast.success(t('toast.deleted'));
      } catch (error) {
        // The server refuses a chain that is not completed: say so in words (documents §8).
        toast.error(isApiError(error, 'INVALID_REQUEST') ? t('toast.notCompleted') : error);
      }
    },
    deleteForGood: (chain: Chain) =>
      run(() => deleteForGood.mutateAsync([chain.id]), t('toast.deleted')),
    decline: (chain: Chain, comment: string) =>
      run(
        () =>
          decline.mutateAsync([
            chain.id,
            { currentSignatureId: chain.currentSignatureId ?? '', comment: comment || undefined },
          ]),
        t('toast.declined'),
      ),
    download: async (chain: Chain) => {
      try {
        // A chain over a batch gives each of its documents.
        for (const document of chainDocuments(chain)) {
          saveBlob(await getDocumentFile(client, document.id), downloadName(document.fileName));
        }
      } catch (error) {
        toast.error(error);
      }
    },
    openInNewTab: async (chain: Chain) => {
      // Open the tab during the click (a later window.open is blocked), then fill it.
      const tab = window.open('', '_blank');
      try {
        const blob = await getDocumentFile(client, leadDocumentId(chain));
        if (tab) tab.location.href = URL.createObjectURL(blob);
      } catch (error) {
        tab?.close();
        toast.error(error);
      }
    },
  };
}

export type ChainCommands = ReturnType<typeof useChainCommands>;
