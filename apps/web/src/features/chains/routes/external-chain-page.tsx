import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { chainSchema } from '@signet/contracts/chains';
import { useApiClient } from '../../../shared/api/api-client-context';
import { isApiError } from '../../../shared/api/api-error';
import { describeError } from '../../../shared/api/error-message';
import { PageTitle } from '../../../shared/components/page-title';
import { chainKeys } from '../api/chain-keys';
import { actionRoute, chainRoutes } from '../chain-view';
import type { UploadState } from '../components/upload-chain-dialog';

/**
 * /document/{docId}/external/{externalId}: a request from another system. A chain the caller made
 * with this external id opens where they act on it (or the list); none yet opens the upload
 * dialog so they can create it.
 */
export default function ExternalChainPage() {
  const { t } = useTranslation('chains');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const client = useApiClient();
  const { docId = '', externalId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const found = useQuery({
    queryKey: [...chainKeys.one(`external:${externalId}`)],
    queryFn: ({ signal }) =>
      client.get(`/rdss/v1/signatureChains/externalId/${encodeURIComponent(externalId)}`, {
        schema: chainSchema,
        signal,
      }),
    retry: false,
  });
  const chain = found.data;

  useEffect(() => {
    if (!chain) return;
    const entry = chain.signatures.find((s) => s.id === chain.currentSignatureId);
    void navigate(entry ? actionRoute(chain, entry) : chainRoutes.list(), { replace: true });
  }, [chain, navigate]);

  if (found.isPending || chain) return <CircularProgress aria-label={tc('loading')} />;
  if (!isApiError(found.error, 'NOT_FOUND')) {
    return <Alert severity="error">{describeError(found.error, tc)}</Alert>;
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <PageTitle>{t('external.title')}</PageTitle>
      <Alert severity="info">{t('external.notFound')}</Alert>
      <Button
        variant="contained"
        onClick={() => {
          const callbackUrl = searchParams.get('callbackUrl') ?? undefined;
          const state: UploadState = { external: { documentId: docId, externalId, callbackUrl } };
          void navigate(chainRoutes.upload, { state });
        }}
        data-testid="external-create"
      >
        {t('external.create')}
      </Button>
    </Stack>
  );
}
