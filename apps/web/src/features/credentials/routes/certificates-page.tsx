import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import VerifiedIcon from '@mui/icons-material/Verified';
import SaveIcon from '@mui/icons-material/Save';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import {
  certificateFileName,
  certificateInfoRequestSchema,
  certificateRequestFileName,
} from '@signet/contracts/credentials';
import type { Certificate } from '@signet/contracts/credentials';
import { PageTitle } from '../../../shared/components/page-title';
import { useToast } from '../../../shared/components/toast';
import { useCertificateInfo } from '../api/get-certificate-info';
import { useCertificateRequest } from '../api/get-certificate-request';
import { useCredential } from '../api/get-credential';
import { useSetCertificateChain } from '../api/set-certificate-chain';
import { issuingOrder, moveItem } from '../certificate-ranking';
import { CertificatesTable } from '../components/certificates-table';
import { useCredentialViewer } from '../components/credentials-list';
import { LeaveDialog } from '../components/leave-dialog';
import { RequestCertificateDialog } from '../components/request-certificate-dialog';
import { credentialPaths, returnPath } from '../credential-paths';
import { canManageCredentials } from '../credential-permissions';
import {
  certificateFileExtensions,
  certificateFileText,
  downloadText,
  isCertificateFileName,
} from '../format';

const sameOrder = (a: readonly Certificate[], b: readonly Certificate[]) =>
  a.length === b.length && a.every((certificate, i) => certificate.pem === b[i]?.pem);

const maxFileChars = certificateInfoRequestSchema.shape.pem.maxLength ?? 262_144;

/**
 * `/credentials/:userId?/:credentialId/certificates` (spec platform §2): the chain, the
 * certificate request download, and the editor (upload, reorder, delete, save, cancel) that asks
 * before leaving with unsaved changes.
 */
export default function CertificatesPage() {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { userId, credentialId } = useParams();
  const viewer = useCredentialViewer();
  const credential = useCredential(credentialId);
  const certificateRequest = useCertificateRequest();
  const certificateInfo = useCertificateInfo();
  const setChain = useSetCertificateChain();
  const [working, setWorking] = useState<Certificate[] | null>(null);
  const [caRequest, setCaRequest] = useState<'csr' | 'renew' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const isEditing = working !== null;
  const canEdit = canManageCredentials(viewer);
  const fallback = viewer.isAdmin && userId ? credentialPaths.adminList : credentialPaths.list;
  const back = returnPath(location.state, fallback);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isEditing && currentLocation.pathname !== nextLocation.pathname,
  );

  // A reload or a closed tab asks too while the chain is being edited.
  useEffect(() => {
    if (!isEditing) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isEditing]);

  const data = credential.data;
  const certificates = working ?? data?.certChain ?? [];

  const downloadRequest = async () => {
    if (!data) return;
    try {
      const pem = await certificateRequest.mutateAsync(data.id);
      downloadText(certificateRequestFileName(data.description), pem);
    } catch (error) {
      toast.error(error);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    for (const file of files) {
      if (!isCertificateFileName(file.name)) {
        toast.error(t('certificates.wrongFileType', { name: file.name }));
        continue;
      }
      const text = certificateFileText(new Uint8Array(await file.arrayBuffer()));
      if (text.length > maxFileChars) {
        toast.error(t('certificates.tooLarge', { name: file.name }));
        continue;
      }
      try {
        const parsed = await certificateInfo.mutateAsync(text);
        // Shown in the order they will be saved in, whatever order they were uploaded in.
        setWorking((current) => issuingOrder([...(current ?? []), ...parsed]));
      } catch (error) {
        toast.error(error, file.name);
      }
    }
  };

  const save = async () => {
    if (!data || !working) return;
    try {
      await setChain.mutateAsync({
        id: data.id,
        certificates: issuingOrder(working).map((certificate) => certificate.pem),
      });
      setWorking(null);
      toast.success(t('toast.chainSaved'));
    } catch (error) {
      toast.error(error);
    }
  };

  const cancel = async () => {
    setWorking(null);
    await credential.refetch();
  };

  if (!data) {
    return (
      <Stack spacing={2}>
        <PageTitle>{t('certificates.titleFallback')}</PageTitle>
        {credential.isError ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => void navigate(back)}
                data-testid="certificates-back"
              >
                {t('certificates.back')}
              </Button>
            }
          >
            {t('dialog.loadError')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress />
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle
        actions={
          <Button
            startIcon={<ArrowBackIcon />}
            onClick={() => void navigate(back)}
            data-testid="certificates-back"
          >
            {t('certificates.back')}
          </Button>
        }
      >
        {t('certificates.title', { description: data.description })}
      </PageTitle>
      <Stack direction="row" flexWrap="wrap" gap={1}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={certificateRequest.isPending}
          onClick={() => void downloadRequest()}
          data-testid="download-request"
        >
          {t('certificates.downloadRequest')}
        </Button>
        {canEdit && !isEditing && (
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={() => setWorking([...data.certChain])}
            data-testid="certificates-edit"
          >
            {t('certificates.edit')}
          </Button>
        )}
        {canEdit && !isEditing && (
          <Button
            variant="outlined"
            startIcon={<VerifiedIcon />}
            onClick={() => setCaRequest('csr')}
            data-testid="certificates-request-ca"
          >
            {t('cmp.request')}
          </Button>
        )}
        {canEdit && !isEditing && data.certChain.length > 0 && (
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={() => setCaRequest('renew')}
            data-testid="certificates-renew"
          >
            {t('cmp.renew')}
          </Button>
        )}
        {isEditing && (
          <>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={certificateInfo.isPending}
              onClick={() => fileInput.current?.click()}
              data-testid="certificates-upload"
            >
              {t('certificates.upload')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              multiple
              accept={certificateFileExtensions.join(',')}
              onChange={(event) => void upload(event)}
              data-testid="certificates-file"
            />
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={setChain.isPending}
              onClick={() => void save()}
              data-testid="certificates-save"
            >
              {t('certificates.save')}
            </Button>
            <Button
              startIcon={<CloseIcon />}
              disabled={setChain.isPending}
              onClick={() => void cancel()}
              data-testid="certificates-cancel"
            >
              {t('certificates.cancel')}
            </Button>
          </>
        )}
      </Stack>
      {isEditing && <Alert severity="info">{t('certificates.editing')}</Alert>}
      {working && !sameOrder(working, issuingOrder(working)) && (
        <Alert severity="warning" data-testid="certificates-saved-order">
          {t('certificates.savedOrder', {
            order: issuingOrder(working)
              .map((certificate) => certificate.issuedTo)
              .join(' → '),
          })}
        </Alert>
      )}
      {(certificateInfo.isPending || setChain.isPending || credential.isFetching) && (
        <LinearProgress aria-hidden sx={{ height: 2 }} />
      )}
      <CertificatesTable
        certificates={certificates}
        isEditing={isEditing}
        onDownload={(certificate) =>
          downloadText(
            certificateFileName(data.description, certificate),
            certificate.pem,
            'application/x-x509-ca-cert',
          )
        }
        onDelete={(index) =>
          setWorking((current) => (current ?? []).filter((_item, other) => other !== index))
        }
        onMove={(from, to) => setWorking((current) => moveItem(current ?? [], from, to))}
      />
      {caRequest && (
        <RequestCertificateDialog
          credential={data}
          kind={caRequest}
          onClose={() => setCaRequest(null)}
        />
      )}
      {blocker.state === 'blocked' && (
        <LeaveDialog onLeave={() => blocker.proceed()} onStay={() => blocker.reset()} />
      )}
    </Stack>
  );
}
