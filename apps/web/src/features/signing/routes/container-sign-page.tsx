import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DrawIcon from '@mui/icons-material/Draw';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Chain } from '@signet/contracts/chains';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/components/page-title';
import { PagedDocument } from '../../../shared/document-view/paged-document';
import { ChainDownloadButtons } from '../../../shared/downloads/download-mode-menu';
import { credentialLabel } from '../components/signature-options';
import { SignerDeclineDialog } from '../components/signer-decline-dialog';
import { CredentialNote, SigningColumns } from '../components/signing-columns';
import { SigningChainGate } from '../components/signing-chain-gate';
import { WarningDialog } from '../components/warning-dialog';
import { useEnabledDeviceCount } from '../implicit-devices';
import { signBlockers } from '../sign-rules';
import { defaultFieldBox } from '../signature-field';
import { chainFileName, listPath, personName } from '../signing-chain';
import { useSignChoice } from '../use-sign-choice';
import { useSignFlow } from '../use-sign-flow';
import { useSignedToast } from '../use-signed-toast';
import { SignCommentField, signCommentTooLong } from '../components/sign-comment-field';

const keepBox = () => undefined;

/**
 * /document/asic/customization/?signatureId=…&currentSignatureId=… (AsicSignatureCustomization,
 * D§2 container signing): a bulk chain is signed as one ASiC-E container of its documents. The
 * signer reads each document, chooses the credential and signs (the same key password and device
 * dialogs as a PDF), or declines. No signature is drawn on a page: the screen says why.
 */
export default function ContainerSignPage() {
  const [search] = useSearchParams();
  const ids = {
    signatureId: search.get('signatureId') ?? '',
    currentSignatureId: search.get('currentSignatureId') ?? '',
  };
  return (
    <SigningChainGate ids={ids}>
      {(chain, entryId) => <ContainerSignForm chain={chain} entryId={entryId} />}
    </SigningChainGate>
  );
}

function ContainerSignForm({ chain, entryId }: { chain: Chain; entryId: string }) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  const signedToast = useSignedToast();
  const enabledDeviceCount = useEnabledDeviceCount();
  const documents = chain.batch?.documents ?? [];
  const [shown, setShown] = useState(documents[0]?.id);
  const [page, setPage] = useState(1);
  const [comment, setComment] = useState('');
  const [isDeclining, setDeclining] = useState(false);
  const [isWarningClosed, setWarningClosed] = useState(false);
  const { user, choice, changeChoice, credentialList, warning, showCredentialNote } = useSignChoice(
    defaultFieldBox,
    keepBox,
  );
  // A container's signature is invisible and needs no profile: only the credential is chosen.
  const containerChoice = { ...choice, visible: false, profileId: null };
  const credentialId = containerChoice.credentialId;
  const credential = credentialList.find((c) => c.id === credentialId);
  const blockers = signBlockers(containerChoice, {
    roles: user?.roles ?? [],
    credentials: credentialList,
    profiles: [],
    enabledDeviceCount,
  });
  const fileName = chainFileName(chain);
  const backToList = () => void navigate(listPath);
  const tooLong = signCommentTooLong(comment);

  const flow = useSignFlow({
    credential,
    documentCount: 1,
    buildRequest: ({ PIN, idempotencyKey }) => ({
      credentialOptions: { credentialId: credentialId ?? undefined, PIN },
      signatures: [
        {
          signatureId: chain.id,
          currentSignatureId: entryId,
          comment: comment.trim() || undefined,
        },
      ],
      idempotencyKey,
    }),
    onSigned: (result) => {
      signedToast(result, [fileName]);
      backToList();
    },
    // The container's documents are signed as uploaded: no PDF is opened, so none asks.
    onPdfPasswordNeeded: () => undefined,
  });

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle actions={<ChainDownloadButtons chain={chain} />}>
        {t('container.title')}: <span data-testid="sign-file-name">{fileName}</span>
      </PageTitle>
      <Typography>
        {t('container.intro', {
          creator: personName(chain.createdBy),
          fileName,
          count: documents.length,
        })}
      </Typography>
      {chain.comment && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          “{chain.comment}”
        </Typography>
      )}
      {showCredentialNote && <CredentialNote />}
      <SigningColumns>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Stack spacing={2}>
            <Alert severity="info" data-testid="container-visible-note">
              {t('container.visibleNote')}
            </Alert>
            <TextField
              select
              fullWidth
              required
              label={t('options.credential')}
              value={credentialId ?? ''}
              onChange={(event) =>
                changeChoice({ ...containerChoice, credentialId: event.target.value || null })
              }
              slotProps={{ htmlInput: { 'data-testid': 'credential-select' } }}
            >
              {credentialList.length === 0 && (
                <MenuItem value="" disabled>
                  {t('options.noCredentials')}
                </MenuItem>
              )}
              {credentialList.map((c) => (
                <MenuItem key={c.id} value={c.id} data-testid="credential-option">
                  {credentialLabel(c)}
                </MenuItem>
              ))}
            </TextField>
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
              {chain.createdBy.id !== user?.id && (
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
            <Typography variant="subtitle1" component="h2">
              {t('container.documents', { count: documents.length })}
            </Typography>
            <List dense disablePadding data-testid="container-documents">
              {documents.map((document) => (
                <ListItemButton
                  key={document.id}
                  selected={document.id === shown}
                  onClick={() => {
                    setShown(document.id);
                    setPage(1);
                  }}
                  data-testid="container-document"
                >
                  <ListItemText
                    primary={document.fileName}
                    slotProps={{ primary: { noWrap: true, title: document.fileName } }}
                  />
                </ListItemButton>
              ))}
            </List>
          </Stack>
        </Paper>
        <Box sx={{ minWidth: 0 }}>
          <PagedDocument
            documentId={shown}
            page={page}
            onTurn={setPage}
            testId="container-preview"
          />
        </Box>
      </SigningColumns>
      {flow.dialogs}
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
