import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Chain } from '@signet/contracts/chains';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedDocument } from '../../../shared/document-view/paged-document';
import { ChainSignHeader } from '../components/chain-sign-header';
import { CredentialSelect } from '../components/credential-select';
import { CommentedSignActions } from '../components/commented-sign-actions';
import { SigningChainGate } from '../components/signing-chain-gate';
import { CredentialNote, SigningColumns } from '../components/signing-columns';
import { useEnabledDeviceCount } from '../implicit-devices';
import { signBlockers } from '../sign-rules';
import { defaultFieldBox } from '../signature-field';
import { useChainSign } from '../use-chain-sign';
import { useSignChoice } from '../use-sign-choice';

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
  const enabledDeviceCount = useEnabledDeviceCount();
  const documents = chain.batch?.documents ?? [];
  const [shown, setShown] = useState(documents[0]?.id);
  const [page, setPage] = useState(1);
  const [comment, setComment] = useState('');
  const { user, choice, changeChoice, credentialList, warning, showCredentialNote } = useSignChoice(
    defaultFieldBox,
    keepBox,
  );
  // A container's signature is invisible and needs no profile: only the credential is chosen.
  const containerChoice = { ...choice, visible: false, profileId: null };
  const credentialId = containerChoice.credentialId;
  const blockers = signBlockers(containerChoice, {
    roles: user?.roles ?? [],
    credentials: credentialList,
    profiles: [],
    enabledDeviceCount,
  });

  const signing = useChainSign({
    chain,
    entryId,
    credential: credentialList.find((c) => c.id === credentialId),
    warning,
    // The container's documents are signed as uploaded: no PDF is opened, so none asks.
    asksPdfPassword: false,
    request: () => ({ entry: { comment: comment.trim() || undefined } }),
  });

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ChainSignHeader
        chain={chain}
        title={t('container.title')}
        intro={(names) => t('container.intro', { ...names, count: documents.length })}
        showComment
      />
      {showCredentialNote && <CredentialNote />}
      <SigningColumns>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Stack spacing={2}>
            <Alert severity="info" data-testid="container-visible-note">
              {t('container.visibleNote')}
            </Alert>
            <CredentialSelect
              required
              credentials={credentialList}
              value={credentialId}
              onChange={(id) => changeChoice({ ...containerChoice, credentialId: id })}
            />
            <CommentedSignActions
              comment={comment}
              onCommentChange={setComment}
              blockers={blockers}
              signing={signing}
            />
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
      {signing.dialogs}
    </Stack>
  );
}
