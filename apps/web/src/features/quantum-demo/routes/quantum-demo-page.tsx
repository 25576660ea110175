import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../shared/api/api-client-context';
import { FileDropZone } from '../../../shared/components/file-drop-zone';
import { PageTitle } from '../../../shared/components/page-title';
import { useToast } from '../../../shared/components/toast';
import { saveBlob } from '../../../shared/downloads/chain-files';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import {
  deleteDemoDocument,
  quantumSign,
  uploadDemoDocument,
  useQuantumSafeCredentials,
} from '../api/quantum-demo-api';
import { useQuantumSign, type Authorisation } from '../use-quantum-sign';

const pdfType = 'application/pdf';
const bytesPerMb = 1_048_576;
const maxFileName = 255;

/** The upload the server holds for the next Sign: which file, under which name. */
interface Held {
  id: string;
  file: File;
  fileName: string;
}

/** Under a megabyte in kilobytes (a small PDF is not "0.00 MB"). */
const sizeText = (bytes: number) =>
  bytes < bytesPerMb
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / bytesPerMb).toFixed(1)} MB`;

const zipName = (fileName: string) => `${fileName.replace(/\.pdf$/i, '') || 'signed'}.zip`;

/**
 * `/quantum-safe-demo` (D§2, D§5): one PDF by drag and drop, its name, an SLH-DSA signing
 * credential (an error toast when there is none, chosen when there is one), Sign with the key
 * password or a device's approval, Clear, and the zip to download. The PDF is uploaded when Sign
 * is pressed and the server consumes it once signed; an upload not signed goes with Clear or when
 * the page is left.
 */
export default function QuantumDemoPage() {
  const { t } = useTranslation('quantumDemo');
  const toast = useToast();
  const client = useApiClient();
  const config = useRemoteConfig();
  const credentials = useQuantumSafeCredentials();
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [result, setResult] = useState<{ blob: Blob; name: string; credential: string } | null>(
    null,
  );
  const held = useRef<Held | null>(null);

  const offered = credentials.data ?? [];
  // One credential is chosen for the user (D§5); a choice of several stays theirs.
  const credentialId = offered.length === 1 ? (offered[0]?.id ?? null) : chosenId;
  const credential = offered.find((c) => c.id === credentialId);

  const hasNone = credentials.isSuccess && offered.length === 0;
  useEffect(() => {
    if (hasNone) toast.error(t('noCredential'));
    // Once per load of the list, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasNone]);

  /** Drops the upload the server holds for us, if any (best effort: the quota's sake). */
  const release = () => {
    const upload = held.current;
    held.current = null;
    if (upload) void deleteDemoDocument(client, upload.id).catch(() => undefined);
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => () => release(), []);

  const send = async (authorisation: Authorisation) => {
    if (!file || !credential) return;
    const name = fileName.trim();
    if (held.current?.file !== file || held.current.fileName !== name) {
      release();
      const uploaded = await uploadDemoDocument(client, file, name);
      held.current = { id: uploaded.id, file, fileName: name };
    }
    const origDocId = held.current.id;
    const blob = await quantumSign(
      client,
      {
        origDocId,
        credentialOptions: {
          credentialId: credential.id,
          ...('PIN' in authorisation
            ? { PIN: authorisation.PIN }
            : { description: authorisation.description }),
        },
      },
      'signal' in authorisation ? authorisation.signal : undefined,
    );
    // Signed: the server consumed the upload.
    held.current = null;
    setResult({ blob, name: zipName(name), credential: credential.description });
  };
  const signing = useQuantumSign({ credential, send });

  const takeFiles = (files: readonly File[]) => {
    const [first] = files;
    if (!first) return;
    if (first.type !== pdfType) {
      setFileError(t('invalidFormat'));
      return;
    }
    if (first.size > config.maxUploadDocumentBytes) {
      setFileError(
        t('fileTooLarge', {
          size: (first.size / bytesPerMb).toFixed(1),
          max: Math.floor(config.maxUploadDocumentBytes / bytesPerMb),
        }),
      );
      return;
    }
    release();
    setFileError(null);
    setResult(null);
    setFile(first);
    setFileName(first.name);
  };

  const clear = () => {
    release();
    setFile(null);
    setFileName('');
    setFileError(null);
    setResult(null);
  };

  const nameMissing = file !== null && fileName.trim() === '';
  const canSign = file !== null && !nameMissing && credential !== undefined && !signing.busy;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }} data-testid="quantum-demo">
      <PageTitle>{t('title')}</PageTitle>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Typography color="text.secondary" data-testid="quantum-readers">
        {t('readers')}
      </Typography>
      {hasNone && (
        <Alert severity="warning" data-testid="quantum-no-credential">
          {t('noCredential')}
        </Alert>
      )}
      {file ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="quantum-file">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <DescriptionOutlined color="primary" />
            <Typography noWrap title={file.name}>
              {file.name} · {sizeText(file.size)}
            </Typography>
          </Stack>
        </Paper>
      ) : (
        <FileDropZone
          accept={[pdfType]}
          onFiles={takeFiles}
          text={t('drop')}
          chooseLabel={t('choose')}
          testId="quantum-drop"
        />
      )}
      {fileError && (
        <Alert severity="error" data-testid="quantum-file-error">
          {fileError}
        </Alert>
      )}
      <TextField
        label={t('fileName')}
        value={fileName}
        disabled={file === null}
        onChange={(event) => setFileName(event.target.value)}
        error={nameMissing}
        helperText={nameMissing ? t('fileNameRequired') : undefined}
        slotProps={{ htmlInput: { maxLength: maxFileName, 'data-testid': 'quantum-file-name' } }}
      />
      <TextField
        select
        label={t('credential')}
        value={credentialId ?? ''}
        disabled={offered.length === 0}
        onChange={(event) => setChosenId(event.target.value || null)}
        slotProps={{ htmlInput: { 'data-testid': 'quantum-credential' } }}
      >
        {offered.map((c) => (
          <MenuItem key={c.id} value={c.id} data-testid="quantum-credential-option">
            {c.description}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          disabled={!canSign}
          onClick={signing.begin}
          data-testid="quantum-sign"
        >
          {t('sign')}
        </Button>
        <Button
          onClick={clear}
          disabled={signing.busy || (file === null && result === null)}
          data-testid="quantum-clear"
        >
          {t('clear')}
        </Button>
      </Stack>
      {result && (
        <Alert
          severity="success"
          data-testid="quantum-result"
          action={
            <Button
              color="inherit"
              startIcon={<Download />}
              onClick={() => saveBlob(result.blob, result.name)}
              data-testid="quantum-download"
            >
              {t('download')}
            </Button>
          }
        >
          {t('signed', { credential: result.credential })}
        </Alert>
      )}
      {signing.dialogs}
    </Stack>
  );
}
