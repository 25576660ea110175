import type { Chain } from '@signet/contracts/chains';
import type { DocumentOptions } from '@signet/contracts/signatures';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../shared/components/toast';
import type { PdfState } from '../../shared/document-view/use-pdf-document';
import { PdfPasswordDialog } from './components/pdf-password-dialog';
import { chainFileName, listPath, originalDocumentId } from './signing-chain';

/**
 * The password of a chain's encrypted PDF (D§4 encrypted PDF): asked when the preview or the sign
 * call needs it, then sent with the sign request; cancelling stops signing with a toast and
 * returns to the list.
 */
export function usePdfPassword(chain: Chain) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  const toast = useToast();
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [prompt, setPrompt] = useState<{ incorrect: boolean } | null>(null);

  const documentsOptions: DocumentOptions[] = password
    ? [{ docId: originalDocumentId(chain), passwordProtection: password }]
    : [];

  return {
    password,
    documentsOptions,
    ask: (incorrect: boolean) => setPrompt({ incorrect }),
    onPdfState: (state: PdfState) => {
      if (state.kind === 'password') setPrompt({ incorrect: state.incorrect });
    },
    dialog: prompt && (
      <PdfPasswordDialog
        fileName={chainFileName(chain)}
        incorrect={prompt.incorrect}
        onPassword={(typed) => {
          setPrompt(null);
          setPassword(typed);
        }}
        onCancel={() => {
          toast.error(t('pdfPassword.cancelled'));
          void navigate(listPath);
        }}
      />
    ),
  };
}
