import BrushIcon from '@mui/icons-material/Brush';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Chain } from '@signet/contracts/chains';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { useOwnPageCount } from '../../../shared/document-view/own-page-count';
import { SignaturesPanel } from '../../../shared/document-view/signatures-panel';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { SignatureDrawer } from '../../../shared/signature-drawer/signature-drawer';
import { useSigningCredentials } from '../api/get-signing-credentials';
import { ChainSignHeader } from '../components/chain-sign-header';
import { CredentialSelect } from '../components/credential-select';
import { SignActions } from '../components/sign-actions';
import { SigningChainGate } from '../components/signing-chain-gate';
import { SigningColumns } from '../components/signing-columns';
import { SigningPreview } from '../components/signing-preview';
import { defaultFieldBox } from '../signature-field';
import type { FieldBox } from '../signature-field';
import { useChainSign } from '../use-chain-sign';
import { useTakenBoxes } from '../use-taken-boxes';

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
  const user = useCurrentUser().data;
  const credentials = useSigningCredentials();

  const [subsignerName, setSubsignerName] = useState(initialName);
  const [drawing, setDrawing] = useState<string | null>(null);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [chosenCredentialId, setCredentialId] = useState<string | null>(null);
  const [box, setBox] = useState<FieldBox>(defaultFieldBox);
  const ownPages = useOwnPageCount(chain.id, chain.signedDocument?.id);
  const taken = useTakenBoxes(chain.id, chain.signedDocument?.id);
  const [confirmAnchor, setConfirmAnchor] = useState<HTMLElement | null>(null);

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

  const signing = useChainSign({
    chain,
    entryId,
    credential,
    warning: credentials.isSuccess && credentialList.length === 0 ? 'noActivatedCredential' : null,
    asksPdfPassword: true,
    request: () => ({
      userImageDataUrl: drawing ?? undefined,
      entry: { subsignerName: trimmedName, signatureFieldParameters: box },
    }),
  });

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ChainSignHeader
        chain={chain}
        title={t('clerk.title')}
        intro={(names) => t('clerk.intro', names)}
      />
      <SigningColumns>
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
              <CredentialSelect
                credentials={credentialList}
                value={credentialId}
                onChange={setCredentialId}
              />
            )}
            <SignActions
              blocker={
                canSign
                  ? undefined
                  : !isSignerRole
                    ? t('blockers.noSignerRole')
                    : nameError
                      ? t('clerk.nameRequired')
                      : drawing === null
                        ? t('clerk.needsDrawing')
                        : t('blockers.noCredential')
              }
              onBack={signing.backToList}
              // Here a decline is confirmed ("Sure?") before its dialog opens.
              onDecline={signing.decline ? setConfirmAnchor : undefined}
              signLabel={t('actions.sign')}
              disabled={!canSign || signing.isBusy}
              onSign={signing.begin}
            />
          </Stack>
        </Paper>
        <SigningPreview
          {...signing.previewProps}
          box={box}
          onBoxChange={setBox}
          ownPages={ownPages}
          taken={taken}
          image={drawing}
        />
      </SigningColumns>
      <SignaturesPanel chainId={chain.id} revisionId={chain.signedDocument?.id} />
      <SignatureDrawer
        open={isDrawerOpen}
        onClose={() => setDrawerOpen(false)}
        onConfirm={(image) => {
          setDrawerOpen(false);
          setDrawing(image);
        }}
      />
      {signing.dialogs}
      <ConfirmPopover
        anchorEl={confirmAnchor}
        onClose={() => setConfirmAnchor(null)}
        onAgree={() => {
          setConfirmAnchor(null);
          signing.decline?.();
        }}
      />
    </Stack>
  );
}
