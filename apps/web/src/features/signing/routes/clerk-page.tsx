import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BrushIcon from '@mui/icons-material/Brush';
import DrawIcon from '@mui/icons-material/Draw';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Chain } from '@signet/contracts/chains';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { PageTitle } from '../../../shared/components/page-title';
import { ChainDownloadButtons } from '../../../shared/downloads/download-mode-menu';
import { useToast } from '../../../shared/components/toast';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { SignatureDrawer } from '../../../shared/signature-drawer/signature-drawer';
import { useSigningCredentials } from '../api/get-signing-credentials';
import { PdfPasswordDialog } from '../components/pdf-password-dialog';
import { SignerDeclineDialog } from '../components/signer-decline-dialog';
import { credentialLabel } from '../components/signature-options';
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
import { useSignFlow } from '../use-sign-flow';
import { useSignedToast } from '../use-signed-toast';

const maxName = 255;

/**
 * /document/{docId}/clerk/{chainId}/{entryId}: a clerk signs for a walk-in client (D§2 clerk):
 * the client's name (required) and the signature the client draws, with the clerk's own
 * credential. Sign only when the name is valid and a signature was drawn.
 */
export default function ClerkPage() {
  return (
    <SigningChainGate>
      {(chain, entryId) => (
        <ClerkForm
          chain={chain}
          entryId={entryId}
          initialName={chain.signatures.find((s) => s.id === entryId)?.subsignerName ?? ''}
        />
      )}
    </SigningChainGate>
  );
}

function ClerkForm({
  chain,
  entryId,
  initialName,
}: {
  chain: Chain;
  entryId: string;
  initialName: string;
}) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  const toast = useToast();
  const user = useCurrentUser().data;
  const credentials = useSigningCredentials();
  const signedToast = useSignedToast();

  const [subsignerName, setSubsignerName] = useState(initialName);
  const [drawing, setDrawing] = useState<string | null>(null);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [chosenCredentialId, setCredentialId] = useState<string | null>(null);
  const [box, setBox] = useState<FieldBox>(defaultFieldBox);
  const ownPages = useOwnPageCount(chain.id, chain.signedDocument?.id);
  const [pdfPassword, setPdfPassword] = useState<string | undefined>(undefined);
  const [passwordPrompt, setPasswordPrompt] = useState<{ incorrect: boolean } | null>(null);
  const [confirmAnchor, setConfirmAnchor] = useState<HTMLElement | null>(null);
  const [isDeclining, setDeclining] = useState(false);
  const [isWarningClosed, setWarningClosed] = useState(false);

  const fileName = chainFileName(chain);
  const credentialList = credentials.data ?? [];
  // The clerk's own credential: the only one, or the one chosen.
  const credentialId = chosenCredentialId ?? credentialList[0]?.id ?? null;
  const credential = credentialList.find((c) => c.id === credentialId);
  const trimmedName = subsignerName.trim();
  const nameError = !trimmedName
    ? t('clerk.nameRequired')
    : trimmedName.length > maxName
      ? t('common:keyPassword.tooLong', { max: maxName })
      : null;
  const isSignerRole = user?.roles.some((role) => role.toLowerCase() === 'signer') ?? false;
  const canSign = !nameError && drawing !== null && credential !== undefined && isSignerRole;
  const backToList = () => void navigate(listPath);

  const flow = useSignFlow({
    credential,
    documentCount: 1,
    buildRequest: ({ PIN, idempotencyKey }) => ({
      credentialOptions: { credentialId: credentialId ?? undefined, PIN },
      documentsOptions: pdfPassword
        ? [{ docId: originalDocumentId(chain), passwordProtection: pdfPassword }]
        : [],
      userImageDataUrl: drawing ?? undefined,
      signatures: [
        {
          signatureId: chain.id,
          currentSignatureId: entryId,
          subsignerName: trimmedName,
          signatureFieldParameters: box,
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

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle actions={<ChainDownloadButtons chain={chain} />}>
        {t('clerk.title')}: <span data-testid="sign-file-name">{fileName}</span>
      </PageTitle>
      <Typography>
        {t('clerk.intro', { creator: personName(chain.createdBy), fileName })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '340px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <TextField
              required
              label={t('clerk.subsignerName')}
              value={subsignerName}
              onChange={(event) => setSubsignerName(event.target.value)}
              error={nameError !== null}
              helperText={nameError ?? ' '}
              slotProps={{ htmlInput: { 'data-testid': 'clerk-subsigner' } }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={<BrushIcon />}
                onClick={() => setDrawerOpen(true)}
                data-testid="draw-signature"
              >
                {t('clerk.draw')}
              </Button>
              <Button
                startIcon={<RestartAltIcon />}
                disabled={drawing === null}
                onClick={() => setDrawing(null)}
                data-testid="clerk-reset"
              >
                {t('clerk.reset')}
              </Button>
            </Box>
            {credentialList.length > 1 && (
              <TextField
                select
                fullWidth
                label={t('options.credential')}
                value={credentialId ?? ''}
                onChange={(event) => setCredentialId(event.target.value || null)}
                slotProps={{ htmlInput: { 'data-testid': 'credential-select' } }}
              >
                {credentialList.map((c) => (
                  <MenuItem key={c.id} value={c.id} data-testid="credential-option">
                    {credentialLabel(c)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {!canSign && (
              <Typography variant="body2" color="text.secondary" data-testid="sign-blocker">
                {!isSignerRole
                  ? t('blockers.noSignerRole')
                  : nameError
                    ? t('clerk.nameRequired')
                    : drawing === null
                      ? t('clerk.needsDrawing')
                      : t('blockers.noCredential')}
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
                  onClick={(event) => setConfirmAnchor(event.currentTarget)}
                  data-testid="sign-decline"
                >
                  {t('actions.decline')}
                </Button>
              )}
              <Button
                variant="contained"
                startIcon={<DrawIcon />}
                disabled={!canSign || flow.isBusy}
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
          box={box}
          onBoxChange={setBox}
          ownPages={ownPages}
          image={drawing}
        />
      </Box>
      <SignaturesPanel chainId={chain.id} revisionId={chain.signedDocument?.id} />
      <SignatureDrawer
        open={isDrawerOpen}
        onClose={() => setDrawerOpen(false)}
        onConfirm={(image) => {
          setDrawerOpen(false);
          setDrawing(image);
        }}
      />
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
      {credentials.isSuccess && credentialList.length === 0 && !isWarningClosed && (
        <WarningDialog
          warning="noActivatedCredential"
          screen="single"
          onClose={() => setWarningClosed(true)}
        />
      )}
      <ConfirmPopover
        anchorEl={confirmAnchor}
        onClose={() => setConfirmAnchor(null)}
        onAgree={() => {
          setConfirmAnchor(null);
          setDeclining(true);
        }}
      />
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
