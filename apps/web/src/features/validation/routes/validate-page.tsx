import DataObjectIcon from '@mui/icons-material/DataObject';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ValidationReport } from '@signet/contracts/validations';
import { useApiClient } from '../../../shared/api/api-client-context';
import { describeError } from '../../../shared/api/error-message';
import { commonNamespace } from '../../../shared/i18n/namespaces';
import { FileDropZone } from '../../../shared/components/file-drop-zone';
import { PageTitle } from '../../../shared/components/page-title';
import { RetryAlert } from '../../../shared/components/retry-alert';
import { useToast } from '../../../shared/components/toast';
import { saveBlob } from '../../../shared/downloads/chain-files';
import { formatDateTime } from '../../../shared/format/format-date-time';
import {
  getChainValidationPdf,
  useChainValidation,
  useValidateFile,
  validateFileAsPdf,
} from '../api/validations';
import { SignatureCard } from '../components/signature-card';
import { timestampStatus } from '../components/timestamp-status';
import { VerdictChip } from '../components/verdict-chip';

const accepted = ['application/pdf', '.pdf', '.asice', 'application/vnd.etsi.asic-e+zip'];
const baseName = (name: string) => name.replace(/\.(pdf|asice|sce|zip)$/i, '') || 'document';

/** The report: the file, the overall verdict, downloads, then each signature. */
function ReportView({ report, onPdf }: { report: ValidationReport; onPdf: () => Promise<void> }) {
  const { t } = useTranslation('validation');
  const [isSaving, setSaving] = useState(false);
  const downloadJson = () =>
    saveBlob(
      new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' }),
      `${baseName(report.fileName)}-validation.json`,
    );
  const downloadPdf = async () => {
    setSaving(true);
    try {
      await onPdf();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack spacing={2} data-testid="validation-report">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
            <VerdictChip verdict={report.verdict} testId="validation-verdict" />
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {report.fileName}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('summary', {
              count: report.signatures.length,
              time: formatDateTime(report.validatedAt),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            SHA-256: {report.sha256}
          </Typography>
          <Stack direction="row" gap={1} flexWrap="wrap">
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfIcon />}
              onClick={() => void downloadPdf()}
              disabled={isSaving}
              data-testid="validation-download-pdf"
            >
              {t('downloadPdf')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DataObjectIcon />}
              onClick={downloadJson}
              data-testid="validation-download-json"
            >
              {t('downloadJson')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {report.missingRevocationData?.length ? (
        <Alert severity="warning" data-testid="validation-missing-revocation">
          {t('missingRevocationData')}
          <Box component="ul" sx={{ m: 0, pl: 2, wordBreak: 'break-word' }}>
            {report.missingRevocationData.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {report.signatures.length === 0 ? (
        <Alert severity="info">{t('noSignatures')}</Alert>
      ) : (
        report.signatures.map((signature, index) => (
          <SignatureCard key={signature.name} signature={signature} index={index} />
        ))
      )}
      {report.documentTimestamps.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1">{t('documentTimestamps')}</Typography>
          {report.documentTimestamps.map((ts) => (
            <Typography key={ts.name} variant="body2" sx={{ wordBreak: 'break-word' }}>
              {ts.time ? formatDateTime(ts.time) : '—'} · {ts.tsa ?? '—'} · {timestampStatus(t, ts)}
            </Typography>
          ))}
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * /validate (issue 27 §3): drop or choose a PDF and see each signature's verdict, or (`?chain=`)
 * a chain's document as it stands; the report downloads as a PDF and as JSON.
 */
export default function ValidatePage() {
  const { t } = useTranslation('validation');
  const common = useTranslation(commonNamespace);
  const client = useApiClient();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const chainId = params.get('chain');
  const chainReport = useChainValidation(chainId);
  const upload = useValidateFile();
  const [file, setFile] = useState<File | null>(null);

  const onFiles = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    if (chainId) setParams({});
    setFile(chosen);
    upload.mutate(chosen, { onError: (error) => toast.error(error) });
  };
  const savePdf = async (report: ValidationReport) => {
    try {
      const blob =
        chainId && !file
          ? await getChainValidationPdf(client, chainId)
          : await validateFileAsPdf(client, file as File);
      saveBlob(blob, `${baseName(report.fileName)}-validation.pdf`);
    } catch (error) {
      toast.error(error);
    }
  };

  const report = chainId && !file ? chainReport.data : upload.data;
  const isBusy = upload.isPending || (chainId !== null && !file && chainReport.isLoading);
  return (
    <Stack spacing={2} sx={{ maxWidth: 900, minWidth: 0 }}>
      <PageTitle>{t('title')}</PageTitle>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <FileDropZone
        accept={accepted}
        onFiles={onFiles}
        text={t('drop')}
        chooseLabel={t('choose')}
        testId="validation-drop"
        disabled={upload.isPending}
      />
      {isBusy ? (
        <Stack direction="row" gap={1} alignItems="center">
          <CircularProgress size={20} />
          <Typography>{t('checking')}</Typography>
        </Stack>
      ) : null}
      {chainId && !file && chainReport.isError ? (
        <RetryAlert onRetry={() => chainReport.refetch()}>
          {describeError(chainReport.error, common.t)}
        </RetryAlert>
      ) : null}
      {report && !isBusy ? <ReportView report={report} onPdf={() => savePdf(report)} /> : null}
    </Stack>
  );
}
