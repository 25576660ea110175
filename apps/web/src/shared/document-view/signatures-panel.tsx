import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChainSignature } from '@signet/contracts/chain-signatures';
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/error-message';
import { RetryAlert } from '../components/retry-alert';
import { formatDateTime } from '../format/format-date-time';
import { useChainSignatures } from './get-chain-signatures';

interface SignaturesPanelProps {
  chainId: string;
  /** The revision the screen shows (the chain's signedDocument), so both speak of the same. */
  revisionId: string | undefined;
}

/**
 * The signatures so far (issue 26 §5): who signed, when, on which page, and whether Signet's
 * validator finds each intact and from its CA, with the reason when not.
 */
export function SignaturesPanel({ chainId, revisionId }: SignaturesPanelProps) {
  const { t } = useTranslation('documentView');
  const { t: tc } = useTranslation('common');
  const signatures = useChainSignatures(chainId, revisionId);
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="signatures-panel">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('signatures.title')}
        </Typography>
        {signatures.isPending && <CircularProgress size={24} aria-label={tc('loading')} />}
        {signatures.isError && (
          <RetryAlert onRetry={() => signatures.refetch()}>
            {t('signatures.loadError')} {describeError(signatures.error, tc)}
          </RetryAlert>
        )}
        {signatures.data?.state === 'LOCKED' && (
          <Alert severity="info">{t('signatures.locked')}</Alert>
        )}
        {signatures.data?.state === 'CHECKED' && signatures.data.signatures.length === 0 && (
          <Typography color="text.secondary" data-testid="signatures-none">
            {t('signatures.none')}
          </Typography>
        )}
        {signatures.data?.signatures.map((signature) => (
          <SignatureItem key={signature.fieldName} signature={signature} />
        ))}
      </Stack>
    </Paper>
  );
}

function SignatureItem({ signature }: { signature: ChainSignature }) {
  const { t } = useTranslation('documentView');
  const name = signature.entryName ?? signature.certificateName ?? t('signatures.unknownSigner');
  const isValid = signature.integrityValid && signature.problem === null;
  return (
    <Stack
      spacing={0.5}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, minWidth: 0 }}
      data-testid="signature-item"
      data-valid={isValid}
      data-trusted={signature.chainTrusted}
      data-page={signature.page ?? ''}
    >
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{name}</Typography>
      {signature.certificateName && signature.certificateName !== name && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('signatures.certificate', { name: signature.certificateName })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('signatures.signedAt', { time: formatDateTime(signature.signingTime) })}
        {' · '}
        {signature.page === null
          ? t('signatures.invisible')
          : t('signatures.onPage', { page: signature.page })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip
          size="small"
          color={isValid ? 'success' : 'error'}
          icon={isValid ? <CheckCircleIcon /> : <ErrorIcon />}
          label={isValid ? t('signatures.valid') : t('signatures.invalid')}
          data-testid="signature-validity"
        />
        <Chip
          size="small"
          variant="outlined"
          color={signature.chainTrusted ? 'success' : 'warning'}
          label={signature.chainTrusted ? t('signatures.trusted') : t('signatures.untrusted')}
        />
      </Stack>
      {signature.problem && (
        <Typography variant="body2" color="error" data-testid="signature-problem">
          {t(`signatures.problems.${signature.problem}`)}
        </Typography>
      )}
    </Stack>
  );
}
