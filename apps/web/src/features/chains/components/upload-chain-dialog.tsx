import PersonIcon from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Chain } from '@signet/contracts/chains';
import type { Recipient } from '@signet/contracts/users';
import { useApiClient } from '../../../shared/api/api-client-context';
import { isApiError } from '../../../shared/api/api-error';
import { queryKeys } from '../../../shared/api/query-keys';
import { FileDropZone } from '../../../shared/components/file-drop-zone';
import { useToast } from '../../../shared/components/toast';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import {
  createChain,
  createMultiChain,
  deleteDocument,
  uploadBatch,
  uploadDocument,
} from '../api/create-chain';
import { useDocument } from '../api/document-files';
import { actionRoute, chainRoutes, personName } from '../chain-view';
import {
  canSignRightAway,
  hasActingParticipant,
  initialRole,
  recipientRoles,
  signedUnderAttachedTrail,
  toChainParticipants,
} from '@signet/contracts/participant-roles';
import type { Participant } from '@signet/contracts/participant-roles';
import { maxChainParticipants } from '@signet/contracts/limits';
import { ParticipantsEditor } from './participants-editor';
import { PdfPreview } from './pdf-preview';
import { RecipientSearch } from './recipient-search';
import { DueDateField, dueAtOf } from './due-date-field';
import { chainNameOf, uploadWording } from '../upload-wording';

const pdfType = 'application/pdf';
const bytesPerMb = 1_048_576;
/** How long a refused file's message stays (documents §9). */
const fileErrorMs = 4000;
const maxComment = 255;

type TrailMode = 'ATTACHED' | 'DETACHED';

/** What the dialog opens with (router state): a file dropped on the dashboard, or a document
 * another system uploaded, with its request's external id and callback (documents §2). */
export interface UploadState {
  file?: File;
  external?: { documentId: string; externalId: string; callbackUrl?: string };
}

/**
 * The upload and create-chain dialog (documents §2, §5): a PDF, its name, ordered or not, the
 * signing trail when the feature is on, the participants with their roles and order, a comment;
 * Upload, or Upload and sign when the creator signs first.
 */
export function UploadChainDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('chains');
  const toast = useToast();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const config = useRemoteConfig();
  const user = useCurrentUser().data;
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const state = location.state as UploadState | null;
  const handedOver = state?.file;
  const external = state?.external;
  const externalDocument = useDocument(external?.documentId);
  /** Why a file cannot be taken (documents §5), or null. */
  const fileProblem = (candidate: File): string | null => {
    if (candidate.type !== pdfType) return t('uploadDialog.invalidFormat');
    if (candidate.size <= config.maxUploadDocumentBytes) return null;
    return t('uploadDialog.fileTooLarge', {
      size: (candidate.size / bytesPerMb).toFixed(1),
      max: Math.floor(config.maxUploadDocumentBytes / bytesPerMb),
    });
  };
  const [files, setFiles] = useState<File[]>(() =>
    handedOver && !fileProblem(handedOver) ? [handedOver] : [],
  );
  const [bulk, setBulk] = useState(false);
  const file = files[0] ?? null;
  const isBatch = files.length > 1;
  const wording = uploadWording(files.length, bulk);
  const [fileError, setFileError] = useState<string | null>(() =>
    handedOver ? fileProblem(handedOver) : null,
  );
  /** The name as typed; empty, the first file's (its placeholder) is taken. */
  const [fileName, setFileName] = useState('');
  const [ordered, setOrdered] = useState(false);
  const [trail, setTrail] = useState(true);
  const [trailMode, setTrailMode] = useState<TrailMode>('ATTACHED');
  const [participants, setParticipants] = useState<Participant[]>([]);
  const [comment, setComment] = useState('');
  const [dueAt, setDueAt] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  /**
   * An attached signing trail refused for a PDF that is already signed (documents §5), with the
   * files and trail it is about: it goes once either changes.
   */
  const [trailRefusal, setTrailRefusal] = useState<{
    message: string;
    files: readonly File[];
    mode: string;
  } | null>(null);
  /**
   * With user groups on, the fixed list of enabled users whose role may change (documents §4):
   * the accounts the recipient search (enabled users only) and add-me brought in; an invited
   * e-mail is not on it.
   */
  const [enabledEmails, setEnabledEmails] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!fileError) return;
    const timer = setTimeout(() => setFileError(null), fileErrorMs);
    return () => clearTimeout(timer);
  }, [fileError]);

  const takeFiles = (taken: readonly File[]) => {
    const problems = taken.map(fileProblem);
    setFileError(problems.find((p) => p !== null) ?? null);
    const good = taken.filter((_, index) => problems[index] === null);
    if (good.length === 0) return;
    setFiles((current) => [
      ...current,
      ...good.filter((f) => !current.some((c) => c.name === f.name)),
    ]);
  };

  const add = (person: Omit<Participant, 'role'>) => {
    if (participants.length >= maxChainParticipants) {
      setWarning(t('uploadDialog.tooManyParticipants', { max: maxChainParticipants }));
      return;
    }
    const role = initialRole(person);
    if (!role) {
      setWarning(t('uploadDialog.selfNoSignerRole'));
      return;
    }
    setWarning(null);
    setParticipants((current) => [...current, { ...person, role }]);
    if (person.roles !== null) {
      setEnabledEmails((current) => new Set([...current, person.email.toLowerCase()]));
    }
  };
  const addRecipient = (r: Recipient) =>
    add({
      email: r.email,
      name: personName(r),
      roles: recipientRoles(r),
      isSelf: r.id === user?.id,
    });
  const addMe = () =>
    user && add({ email: user.email, name: personName(user), roles: user.roles, isSelf: true });
  const hasMe = participants.some((p) => p.isSelf);

  const missingSubsigner = participants.some((p) => p.role === 'CLERK' && !p.subsignerName?.trim());
  const commentTooLong = comment.length > maxComment;
  const due = dueAtOf(dueAt);
  const canUpload =
    file !== null &&
    hasActingParticipant(participants) &&
    !commentTooLong &&
    due !== 'past' &&
    !busy;
  // Signing right away opens one chain; with several files only when each gets its own chain.
  const signRightAway = !bulk && canSignRightAway(participants, ordered);

  const signingTrailMode = config.signingTrailEnabled && trail ? trailMode : ('NONE' as const);
  const trailError =
    trailRefusal?.files === files && trailRefusal.mode === signingTrailMode
      ? trailRefusal.message
      : null;
  const setTrailError = (message: string | null) =>
    setTrailRefusal(message === null ? null : { message, files, mode: signingTrailMode });
  /** Refuses (with the message naming the file) an attached trail over a signed PDF. */
  const refusedForTrail = (documents: readonly { fileName: string; signed: boolean | null }[]) => {
    const signed = signedUnderAttachedTrail(documents, signingTrailMode);
    if (signed) {
      setTrailError(
        t('uploadDialog.cantSignAttachedSigningTrailWhenPDFAlreadySigned', {
          fileName: signed.fileName,
        }),
      );
    }
    return signed !== undefined;
  };

  const submit = async (andSign: boolean) => {
    setSubmitted(true);
    setTrailError(null);
    if (!canUpload || missingSubsigner) return;
    setBusy(true);
    let uploadedIds: string[] = [];
    const discardUploads = async () => {
      for (const id of uploadedIds) await deleteDocument(client, id).catch(() => undefined);
      uploadedIds = [];
    };
    const name = chainNameOf(fileName, files);
    try {
      const parts = {
        type: ordered ? ('ORDERED' as const) : ('UNORDERED' as const),
        ...toChainParticipants(participants),
        comment: comment.trim() || undefined,
        signingTrailMode,
        ...(due && due !== 'past' ? { dueAt: due } : {}),
      };
      if (isBatch) {
        const batch = await uploadBatch(client, files, name);
        uploadedIds = batch.documents.map((d) => d.id);
        if (refusedForTrail(batch.documents)) {
          await discardUploads();
          return;
        }
        const created = await createMultiChain(client, { ...parts, batchId: batch.id, bulk });
        await finish(created, andSign);
        return;
      }
      let documentId = external?.documentId;
      if (external && externalDocument.data && refusedForTrail([externalDocument.data])) return;
      if (!documentId && file) {
        const uploaded = await uploadDocument(client, file, name);
        documentId = uploaded.id;
        uploadedIds = [documentId];
        if (refusedForTrail([uploaded])) {
          await discardUploads();
          return;
        }
      }
      if (!documentId) return;
      const chain = await createChain(client, {
        ...parts,
        origDocId: documentId,
        ...(external
          ? { externalId: external.externalId, externalCallbackUrl: external.callbackUrl }
          : {}),
      });
      await finish([chain], andSign);
    } catch (error) {
      // The dialog stays open (documents §4); files uploaded without their chain go again.
      await discardUploads();
      if (isApiError(error, 'VALIDATION_FAILED') && error.fields.signingTrailMode) {
        // The server's own check (a document it knows better): its message names the file.
        setTrailError(
          t('uploadDialog.cantSignAttachedSigningTrailWhenPDFAlreadySigned', { fileName: name }),
        );
      } else toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const finish = async (created: Chain[], andSign: boolean) => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.signatureChains });
    await queryClient.invalidateQueries({ queryKey: queryKeys.currentUserStats });
    toast.success(t('toast.created'));
    const [first] = created;
    const mine = first?.signatures.find((s) => s.id === first.currentSignatureId);
    if (!andSign || !first || !mine) onClose();
    // The clerk, approve or normal signing screen per the creator's role (documents §4).
    else if (created.length === 1) void navigate(actionRoute(first, mine));
    else void navigate(chainRoutes.multiSign, { state: { chainIds: created.map((c) => c.id) } });
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      slotProps={{ paper: { sx: { maxWidth: 950 } } }}
    >
      <DialogTitle>{t(wording.title)}</DialogTitle>
      <DialogContent data-testid="upload-dialog">
        <Stack spacing={2} sx={{ pt: 1 }}>
          {externalDocument.data ? (
            <Chip label={externalDocument.data.fileName} data-testid="upload-file" />
          ) : (
            <>
              {files.length > 0 && (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {files.map((f) => (
                    <Chip
                      key={f.name}
                      label={`${f.name} · ${(f.size / 1024).toFixed(0)} KB`}
                      onDelete={busy ? undefined : () => setFiles(files.filter((o) => o !== f))}
                      data-testid="upload-file"
                    />
                  ))}
                </Stack>
              )}
              {file && !isBatch && <PdfPreview file={file} />}
              <FileDropZone
                accept={[pdfType]}
                onFiles={takeFiles}
                text={t(wording.drop)}
                chooseLabel={t('uploadDialog.choose')}
                testId="upload-drop"
                multiple
              />
            </>
          )}
          {fileError && (
            <Alert severity="error" data-testid="upload-file-error">
              {fileError}
            </Alert>
          )}
          <TextField
            label={t(wording.nameLabel)}
            value={fileName}
            onChange={(event) => setFileName(event.target.value)}
            placeholder={file?.name}
            slotProps={{
              htmlInput: { maxLength: 255, 'data-testid': 'upload-file-name' },
              // The placeholder is the name taken when none is typed: kept in sight.
              ...(file ? { inputLabel: { shrink: true } } : {}),
            }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={ordered}
                onChange={(event) => setOrdered(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'upload-ordered' } as object }}
              />
            }
            label={t('uploadDialog.ordered')}
          />
          {isBatch && (
            <FormControlLabel
              control={
                <Switch
                  checked={bulk}
                  onChange={(event) => setBulk(event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'upload-bulk' } as object }}
                />
              }
              label={t('uploadDialog.bulk')}
            />
          )}
          {wording.result && (
            <Alert severity="info" data-testid="upload-result">
              {t(wording.result, { count: files.length })}
            </Alert>
          )}
          {config.signingTrailEnabled && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={trail}
                    onChange={(e) => setTrail(e.target.checked)}
                    slotProps={{ input: { 'data-testid': 'upload-signing-trail' } as object }}
                  />
                }
                label={t('uploadDialog.signingTrail')}
              />
              {trail && (
                <RadioGroup
                  row
                  value={trailMode}
                  onChange={(event) => setTrailMode(event.target.value as TrailMode)}
                >
                  <FormControlLabel
                    value="ATTACHED"
                    control={
                      <Radio
                        slotProps={{ input: { 'data-testid': 'upload-trail-attached' } as object }}
                      />
                    }
                    label={t('uploadDialog.trailAttached')}
                  />
                  <FormControlLabel
                    value="DETACHED"
                    control={
                      <Radio
                        slotProps={{ input: { 'data-testid': 'upload-trail-detached' } as object }}
                      />
                    }
                    label={t('uploadDialog.trailDetached')}
                  />
                </RadioGroup>
              )}
            </Stack>
          )}
          <Typography variant="subtitle1">{t('uploadDialog.participants')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <RecipientSearch
              label={t('uploadDialog.search')}
              testId="recipient-search"
              excluded={participants.map((p) => p.email)}
              onPick={addRecipient}
              onInvite={(email) => add({ email, name: null, roles: null, isSelf: false })}
            />
            <Button
              variant="outlined"
              startIcon={<PersonIcon />}
              onClick={addMe}
              disabled={hasMe || !user}
              data-testid="add-me"
              sx={{ whiteSpace: 'nowrap', alignSelf: 'flex-start' }}
            >
              {t('uploadDialog.addMe')}
            </Button>
          </Stack>
          {warning && <Alert severity="warning">{warning}</Alert>}
          <ParticipantsEditor
            participants={participants}
            onChange={setParticipants}
            options={{
              clerkEnabled: config.clerkEnabled,
              ...(config.userGroupsEnabled ? { enabledUsers: enabledEmails } : {}),
            }}
            showErrors={submitted}
          />
          <TextField
            label={t('uploadDialog.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            multiline
            minRows={2}
            error={commentTooLong}
            helperText={`${comment.length} / ${maxComment}`}
            slotProps={{ htmlInput: { 'data-testid': 'upload-comment' } }}
          />
          <DueDateField value={dueAt} onChange={setDueAt} />
          {trailError && (
            <Alert severity="error" data-testid="upload-trail-error">
              {trailError}
            </Alert>
          )}
          {busy && <LinearProgress aria-label={t('uploadDialog.uploading')} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        {signRightAway && (
          <Button
            variant="outlined"
            onClick={() => void submit(true)}
            disabled={!canUpload}
            data-testid="upload-and-sign"
          >
            {t('uploadDialog.uploadAndSign')}
          </Button>
        )}
        <Button
          variant="contained"
          onClick={() => void submit(false)}
          disabled={!canUpload}
          data-testid="upload-submit"
        >
          {t('uploadDialog.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
