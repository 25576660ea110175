import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { SignRequestInput } from '@signet/contracts/signatures';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/hooks/use-current-user';
import { SignerDeclineDialog } from './components/signer-decline-dialog';
import type { SignWarning } from './sign-rules';
import { chainFileName, previewDocumentId } from './signing-chain';
import { usePdfPassword } from './use-pdf-password';
import { useSigningScreen } from './use-signing-screen';

type SignEntry = SignRequestInput['signatures'][number];

/** What a one-chain screen puts in its request: the signature's image, and its entry's fields. */
export interface ChainSignRequest extends Pick<
  SignRequestInput,
  'signatureProfileId' | 'userImageDataUrl'
> {
  entry: Omit<SignEntry, 'signatureId' | 'currentSignatureId'>;
}

interface ChainSignOptions {
  chain: Chain;
  /** The signer's entry in the chain, the one signed or declined. */
  entryId: string;
  credential: Credential | undefined;
  warning: SignWarning | null;
  /**
   * The screen opens the chain's PDF, which may be encrypted: its password is asked and sent. A
   * container's documents are signed as uploaded: no PDF is opened, so none asks.
   */
  asksPdfPassword: boolean;
  request: () => ChainSignRequest;
}

/**
 * The set-up the screens that sign one entry of one chain share (D§2 single, clerk and container
 * signing): the sign flow with its toast and way back, the PDF password, the warning and the
 * signer's decline. The screen keeps its form, and renders `dialogs` once.
 */
export function useChainSign({
  chain,
  entryId,
  credential,
  warning,
  asksPdfPassword,
  request,
}: ChainSignOptions) {
  const user = useCurrentUser().data;
  const pdf = usePdfPassword(chain);
  const [isDeclining, setDeclining] = useState(false);
  const fileName = chainFileName(chain);

  const signing = useSigningScreen({
    fileNames: [fileName],
    credential,
    warning,
    screen: 'single',
    request: () => {
      const { entry, ...image } = request();
      return {
        ...(asksPdfPassword ? { documentsOptions: pdf.documentsOptions } : {}),
        ...image,
        signatures: [{ signatureId: chain.id, currentSignatureId: entryId, ...entry }],
      };
    },
    onPdfPasswordNeeded: asksPdfPassword ? pdf.ask : () => undefined,
  });

  return {
    fileName,
    backToList: signing.backToList,
    begin: signing.begin,
    isBusy: signing.isBusy,
    /** The SigningPreview's document, with the PDF password it opens with and asks for. */
    previewProps: {
      documentId: previewDocumentId(chain),
      password: pdf.password,
      onPdfState: pdf.onPdfState,
    },
    /** Opens the decline dialog; absent for the chain's creator, who does not decline it. */
    decline: chain.createdBy.id !== user?.id ? () => setDeclining(true) : undefined,
    dialogs: (
      <>
        {signing.flowDialogs}
        {pdf.dialog}
        {signing.warningDialog}
        {isDeclining && (
          <SignerDeclineDialog
            chainId={chain.id}
            entryId={entryId}
            fileName={fileName}
            onDeclined={signing.backToList}
            onClose={() => setDeclining(false)}
          />
        )}
      </>
    ),
  };
}

/** A one-chain screen's signing, as useChainSign gives it. */
export type ChainSigning = ReturnType<typeof useChainSign>;
