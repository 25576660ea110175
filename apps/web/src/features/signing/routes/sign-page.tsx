import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DrawIcon from '@mui/icons-material/Draw';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Chain } from '@signet/contracts/chains';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeclineDialog } from '../../../shared/components/decline-dialog';
import { PageTitle } from '../../../shared/components/page-title';
import { useToast } from '../../../shared/components/toast';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { useDeclineChain } from '../api/decline-chain';
import { useOwnCredentials, useSigningCredentials } from '../api/get-signing-credentials';
import { useProfileImage, useSigningProfiles } from '../api/signing-profiles';
import { PdfPasswordDialog } from '../components/pdf-password-dialog';
import { SignatureOptions } from '../components/signature-options';
import { CredentialNote, SigningColumns } from '../components/signing-columns';
import { SigningPreview } from '../components/signing-preview';
import { SigningChainGate } from '../components/signing-chain-gate';
import { WarningDialog } from '../components/warning-dialog';
import { useEnabledDeviceCount } from '../implicit-devices';
import {
  chosenProfile,
  effectiveCredentialId,
  emptyChoice,
  needsCredentialNote,
  signBlockers,
  signWarning,
} from '../sign-rules';
import type { SignChoice } from '../sign-rules';
import { defaultFieldBox } from '../signature-field';
import type { FieldBox } from '../signature-field';
import {
  chainFileName,
  listPath,
  originalDocumentId,
  personName,
  previewDocumentId,
} from '../signing-chain';
import type { PdfState } from '../use-pdf-document';
import { useSavePosition } from '../use-save-position';
import { useSignFlow } from '../use-sign-flow';
import { useSignedToast } from '../use-signed-toast';

const maxComment = 255;

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
  const config = useRemoteConfig();
  const user = useCurrentUser().data;
  const credentials = useSigningCredentials();
  const ownCredentials = useOwnCredentials();
  const profiles = useSigningProfiles();
  const enabledDeviceCount = useEnabledDeviceCount();
  const decline = useDeclineChain();
  const signedToast = useSignedToast();

  const [choice, setChoice] = useState<SignChoice>(emptyChoice);
  const [box, setBox] = useState<FieldBox>(defaultFieldBox);
  const [comment, setComment] = useState('');
  const [pdfPassword, setPdfPassword] = useState<string | undefined>(undefined);
  const [passwordPrompt, setPasswordPrompt] = useState<{ incorrect: boolean } | null>(null);
  const [isDeclining, setDeclining] = useState(false);
  const [isWarningClosed, setWarningClosed] = useState(false);

  const fileName = chainFileName(chain);
  const profileList = profiles.data ?? [];
  const credentialList = credentials.data ?? [];
  const profile = chosenProfile(choice, profileList);
  const savePosition = useSavePosition(profile, box);
  const profileImage = useProfileImage(choice.visible ? (profile?.id ?? null) : null);
  const credentialId = effectiveCredentialId(choice, profileList);
  const credential = credentialList.find((c) => c.id === credentialId);
  const blockers = signBlockers(choice, {
    roles: user?.roles ?? [],
    credentials: credentialList,
    profiles: profileList,
    enabledDeviceCount,
  });
  const warning =
    credentials.isSuccess && user
      ? signWarning({
          signingCredentialCount: credentialList.length,
          verificationEnabled: config.userVerificationEnabled,
          verificationMandatory: user.verificationMandatory,
          verified: user.verified,
          chosenNeedsDevice: credential?.authMode === 'IMPLICIT' && enabledDeviceCount === 0,
        })
      : null;
  const backToList = () => void navigate(listPath);
  const tooLong = comment.length > maxComment;

  const changeChoice = (next: SignChoice) => {
    const nextProfile = chosenProfile(next, profileList);
    // A newly chosen profile places the box where it was saved.
    if (nextProfile && nextProfile.id !== profile?.id) {
      setBox(nextProfile.savedSignatureFieldParameters ?? defaultFieldBox);
    }
    setChoice(next);
  };

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
  const image = choice.visible ? (profile ? (profileImage.data ?? null) : choice.drawnImage) : null;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle>
        {t('title')}: <span data-testid="sign-file-name">{fileName}</span>
      </PageTitle>
      <Typography>{t('intro', { creator: personName(chain.createdBy), fileName })}</Typography>
      {chain.comment && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          “{chain.comment}”
        </Typography>
      )}
      {ownCredentials.data && needsCredentialNote(ownCredentials.data, enabledDeviceCount) && (
        <CredentialNote />
      )}
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
            <TextField
              label={t('comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              multiline
              minRows={2}
              error={tooLong}
              helperText={`${comment.length} / ${maxComment}`}
              slotProps={{ htmlInput: { 'data-testid': 'sign-comment' } }}
            />
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
          image={image}
        />
      </SigningColumns>
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
        <DeclineDialog
          fileName={fileName}
          onDecline={async (reason) => {
            try {
              await decline.mutateAsync({
                chainId: chain.id,
                decision: { currentSignatureId: entryId, comment: reason || undefined },
              });
              toast.success(t('toast.declined', { fileName }));
              backToList();
              return true;
            } catch (error) {
              toast.error(error);
              return false;
            }
          }}
          onClose={() => setDeclining(false)}
        />
      )}
    </Stack>
  );
}
