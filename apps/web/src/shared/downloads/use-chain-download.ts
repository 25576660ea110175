import type { DocumentFileMode } from '@signet/contracts/documents';
import { useApiClient } from '../api/api-client-context';
import { useToast } from '../components/toast';
import {
  downloadName,
  getChainFile,
  getChainsZip,
  getDocumentFile,
  saveBlob,
  type DownloadableChain,
} from './chain-files';

/**
 * Downloads every screen that shows a chain offers (D§2): a chain's file in a mode, the same in a
 * new tab, several chains as one zip. A failed download shows the server's message (D§8).
 */
export function useChainDownload() {
  const client = useApiClient();
  const toast = useToast();
  return {
    download: async (chain: DownloadableChain, mode: DocumentFileMode = 'ORIGINAL') => {
      try {
        saveBlob(await getChainFile(client, chain, mode), downloadName(chain, mode));
      } catch (error) {
        toast.error(error);
      }
    },
    openInNewTab: async (chain: DownloadableChain, mode: DocumentFileMode = 'ORIGINAL') => {
      // Open the tab during the click (a later window.open is blocked), then fill it.
      const tab = window.open('', '_blank');
      try {
        // A batch chain opens its first document.
        const documentId = chain.origDocument?.id ?? chain.batch?.documents[0]?.id ?? '';
        const blob = await getDocumentFile(client, documentId, chain.id, mode);
        const pdf = new Blob([blob], { type: 'application/pdf' });
        if (tab) tab.location.href = URL.createObjectURL(pdf);
      } catch (error) {
        tab?.close();
        toast.error(error);
      }
    },
    downloadMany: async (chainIds: string[], mode: 'ORIGINAL' | 'FULL' = 'ORIGINAL') => {
      try {
        saveBlob(await getChainsZip(client, chainIds, mode), 'documents.zip');
      } catch (error) {
        toast.error(error);
      }
    },
  };
}

export type ChainDownload = ReturnType<typeof useChainDownload>;
