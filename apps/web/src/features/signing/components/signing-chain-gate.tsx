import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { Chain } from '@signet/contracts/chains';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { describeError } from '../../../shared/api/error-message';
import { useSigningChain } from '../api/get-chain';
import { listPath } from '../signing-chain';

/** A route without a chain to sign now: why, and the way back. */
function NothingToSign({ error, notNow }: { error?: unknown; notNow?: boolean }) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity={notNow ? 'info' : 'error'} data-testid="nothing-to-sign">
        {notNow ? t('notYours') : error ? describeError(error, t) : t('nothingToSign')}
      </Alert>
      <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(listPath)}>
        {t('common:actions.back')}
      </Button>
    </Stack>
  );
}

/**
 * The chain a signing route names (`{signatureId}/{currentSignatureId}`, or `ids` when the route
 * carries them otherwise), once it is loaded and the entry is the caller's to sign now; otherwise
 * why not, with the way back to the list.
 */
export function SigningChainGate({
  children,
  ids,
}: {
  children: (chain: Chain, entryId: string) => ReactNode;
  ids?: { signatureId: string; currentSignatureId: string };
}) {
  const { t } = useTranslation('signing');
  const params = useParams();
  const { signatureId = '', currentSignatureId = '' } = ids ?? params;
  const chain = useSigningChain(signatureId);
  if (!signatureId || !currentSignatureId) return <NothingToSign />;
  if (chain.isPending) return <CircularProgress aria-label={t('common:loading')} />;
  if (!chain.data) return <NothingToSign error={chain.error} />;
  if (chain.data.currentSignatureId !== currentSignatureId) return <NothingToSign notNow />;
  return children(chain.data, currentSignatureId);
}
