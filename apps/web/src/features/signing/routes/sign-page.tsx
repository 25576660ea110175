import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DrawIcon from '@mui/icons-material/Draw';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Chain } from '@signet/contracts/chains';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../shared/components/page-title';
import { ChainDownloadButtons } from '../../../shared/downloads/download-mode-menu';
import { useToast } from '../../../shared/components/toast';
import { PdfPasswordDialog } from '../components/pdf-password-dialog';
import { SignerDeclineDialog } from '../components/signer-decline-dialog';
import { SignatureOptions } from '../components/signature-options';
import { CredentialNote, SigningColumns } from '../components/signing-columns';
import { useOwnPageCount } from '../../../shared/document-view/own-page-count';
import { SignaturesPanel } from '../../../shared/document-view/signatures-panel';
import { SigningPreview } from '../components/signing-preview';
import { SigningChainGate } from '../components/signing-chain-gate';
import { WarningDialog } from '../components/warning-dialog';
import { defaultFieldBox } from '../signature-field';
import type { FieldBox } from '../signature-field';
import {
  chainFileName,
  listPath,
  originalDocumentId,
  personName,
  previewDocumentId,
} from '../signing-chain';
import type { PdfState } from '../../../shared/document-view/use-pdf-document';
import { useSignChoice } from '../use-sign-choice';
import { useSignFlow } from '../use-sign-flow';
import { useSignedToast } from '../use-signed-toast';
import { SignCommentField, signCommentTooLong } from '../components/sign-comment-field';

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
  const navigate = useNavigate();
  const toast = useToast();
  const signedToast = useSignedToast();

  const [box, setBox] = useState<FieldBox>(defaultFieldBox);
  const ownPages = useOwnPageCount(chain.id, chain.signedDocument?.id);
  const [comment, setComment] = useState('');
  const [pdfPassword, setPdfPassword] = useState<string | undefined>(undefined);
  const [passwordPrompt, setPasswordPrompt] = useState<{ incorrect: boolean } | null>(null);
  const [isDeclining, setDeclining] = useState(false);
  const [isWarningClosed, setWarningClosed] = useState(false);
  const {
    user,
    choice,
    changeChoice,
    profile,
    profileList,
    credentialList,
    credentialId,
    credential,
    blockers,
    warning,
    savePosition,
    showCredentialNote,
    image,
  } = useSignChoice(box, setBox);

  const fileName = chainFileName(chain);
  const backToList = () => void navigate(listPath);
  const tooLong = signCommentTooLong(comment);

  const flow = useSignFlow({
    credential,
    documentCount: 1,
    buildRequest: ({ PIN, idempotencyKey }) => ({
      credentialOptions: { credentialId: credentialId ?? undefined, PIN },
      documentsOptions: pdfPassword
        ? [{ docId: originalDocumentId(chain), passwordProtection: pdfPassword }]
        : [],
      // The profile's image only for a visible signature; its credential comes as credentialId.
      signatureProfileId: choice.visible && profile ? profile.id : undefined,
      userImageDataUrl: choice.visible && !profile ? (choice.drawnImage ?? undefined) : undefined,
      signatures: [
        {
          signatureId: chain.id,
          currentSignatureId: entryId,
          comment: comment.trim() || undefined,
          signatureFieldParameters: choice.visible ? box : undefined,
        },
      ],
      idempotencyKey,
    }),
    onSigned: (result) => {
      signedToast(result, [fileName]);
      backToList();
    },
    onPdfPasswordNeeded: (incorrect) => setPasswordPrompt({ incorrect }),
  });

  const onPdfState = (state: PdfState) => {
    if (state.kind === 'password') setPasswordPrompt({ incorrect: state.incorrect });
  };

  const canDecline = chain.createdBy.id !== user?.id;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle actions={<ChainDownloadButtons chain={chain} />}>
        {t('title')}: <span data-testid="sign-file-name">{fileName}</span>
      </PageTitle>
      <Typography>{t('intro', { creator: personName(chain.createdBy), fileName })}</Typography>
      {chain.comment && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          “{chain.comment}”
        </Typography>
      )}
      {showCredentialNote && <CredentialNote />}
      <SigningColumns>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <SignatureOptions
              choice={choice}
              onChange={changeChoice}
              profiles={profileList}
              credentials={credentialList}
              savePosition={savePosition}
            />
            <SignCommentField comment={comment} onChange={setComment} />
            {blockers[0] && (
              <Typography variant="body2" color="text.secondary" data-testid="sign-blocker">
                {t(`blockers.${blockers[0]}`)}
              </Typography>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button startIcon={<ArrowBackIcon />} onClick={backToList}>
                {t('common:actions.back')}
              </Button>
              {canDecline && (
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => setDeclining(true)}
                  data-testid="sign-decline"
                >
                  {t('actions.decline')}
                </Button>
              )}
              <Button
                variant="contained"
                startIcon={<DrawIcon />}
                disabled={blockers.length > 0 || tooLong || flow.isBusy}
                onClick={flow.begin}
                data-testid="sign-confirm"
              >
                {t('actions.sign')}
              </Button>
            </Box>
          </Stack>
        </Paper>
        <SigningPreview
          documentId={previewDocumentId(chain)}
          password={pdfPassword}
          onPdfState={onPdfState}
          box={choice.visible ? box : null}
          onBoxChange={setBox}
          ownPages={ownPages}
          image={image}
        />
      </SigningColumns>
      <SignaturesPanel chainId={chain.id} revisionId={chain.signedDocument?.id} />
      {flow.dialogs}
      {passwordPrompt && (
        <PdfPasswordDialog
          fileName={fileName}
          incorrect={passwordPrompt.incorrect}
          onPassword={(password) => {
            setPasswordPrompt(null);
            setPdfPassword(password);
          }}
          onCancel={() => {
            toast.error(t('pdfPassword.cancelled'));
            backToList();
          }}
        />
      )}
      {warning && !isWarningClosed && (
        <WarningDialog warning={warning} screen="single" onClose={() => setWarningClosed(true)} />
      )}
      {isDeclining && (
        <SignerDeclineDialog
          chainId={chain.id}
          entryId={entryId}
          fileName={fileName}
          onDeclined={backToList}
          onClose={() => setDeclining(false)}
        />
      )}
    </Stack>
  );
}
