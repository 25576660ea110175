import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Chain } from '@signet/contracts/chains';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnPageCount } from '../../../shared/document-view/own-page-count';
import { SignaturesPanel } from '../../../shared/document-view/signatures-panel';
import { ChainSignHeader } from '../components/chain-sign-header';
import { CommentedSignActions } from '../components/commented-sign-actions';
import { SignatureOptions } from '../components/signature-options';
import { SigningChainGate } from '../components/signing-chain-gate';
import { CredentialNote, SigningColumns } from '../components/signing-columns';
import { SigningPreview } from '../components/signing-preview';
import { defaultFieldBox } from '../signature-field';
import type { FieldBox } from '../signature-field';
import { useChainSign } from '../use-chain-sign';
import { useTakenBoxes } from '../use-taken-boxes';
import { useSignChoice } from '../use-sign-choice';

/**
 * /document/{docId}/customization/signature/{chainId}/{entryId} (and /customization/{usage}/…):
 * one signer signs one chain (D§2 single signing). The preview shows the latest revision with the
 * signature box to drag and scale; Sign follows the rules of D§5.
 */
export default function SignPage() {
  return (
    <SigningChainGate>
      {(chain, entryId) => <SignChainForm chain={chain} entryId={entryId} />}
    </SigningChainGate>
  );
}

function SignChainForm({ chain, entryId }: { chain: Chain; entryId: string }) {
  const { t } = useTranslation('signing');
  const [box, setBox] = useState<FieldBox>(defaultFieldBox);
  const ownPages = useOwnPageCount(chain.id, chain.signedDocument?.id);
  const taken = useTakenBoxes(chain.id, chain.signedDocument?.id);
  const [comment, setComment] = useState('');
  const signChoice = useSignChoice(box, setBox);
  const { choice, blockers } = signChoice;

  const signing = useChainSign({
    chain,
    entryId,
    credential: signChoice.credential,
    warning: signChoice.warning,
    asksPdfPassword: true,
    request: () => ({
      ...signChoice.imageRequest,
      entry: {
        comment: comment.trim() || undefined,
        signatureFieldParameters: choice.visible ? box : undefined,
      },
    }),
  });

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ChainSignHeader
        chain={chain}
        title={t('title')}
        intro={(names) => t('intro', names)}
        showComment
      />
      {signChoice.showCredentialNote && <CredentialNote />}
      <SigningColumns>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <SignatureOptions {...signChoice.optionProps} />
            <CommentedSignActions
              comment={comment}
              onCommentChange={setComment}
              blockers={blockers}
              signing={signing}
            />
          </Stack>
        </Paper>
        <SigningPreview
          {...signing.previewProps}
          box={choice.visible ? box : null}
          onBoxChange={setBox}
          ownPages={ownPages}
          taken={taken}
          image={signChoice.image}
        />
      </SigningColumns>
      <SignaturesPanel chainId={chain.id} revisionId={chain.signedDocument?.id} />
      {signing.dialogs}
    </Stack>
  );
}
