import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChainHistoryDetail, ChainHistoryEvent } from '@signet/contracts/chain-history';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { useChainHistory } from '../api/get-chain-history';

/** The details an event shows under its heading, in a fixed order. */
const detailKeys = [
  'subsignerName',
  'documentName',
  'certificateSubject',
  'certificateSerial',
  'certificateIssuer',
  'page',
  'clientAddress',
  'reason',
] as const satisfies readonly (keyof ChainHistoryDetail)[];

function HistoryEvent({ event }: { event: ChainHistoryEvent }) {
  const { t } = useTranslation('chains');
  const { name, email } = event.detail;
  const who = [name, email && email !== name ? email : undefined].filter(Boolean).join(' · ');
  return (
    <Box
      component="li"
      data-testid="history-event"
      data-kind={event.kind}
      sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5, py: 0.5, minWidth: 0 }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`history.kind.${event.kind}`)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(event.at)}
        </Typography>
      </Stack>
      {who && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {who}
        </Typography>
      )}
      {detailKeys.map((key) => {
        const value = event.detail[key];
        if (value === undefined || value === '') return null;
        return (
          <Typography
            key={key}
            variant="caption"
            component="p"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {t(`history.detail.${key}`)}: {String(value)}
          </Typography>
        );
      })}
    </Box>
  );
}

/**
 * The chain's history as a timeline (issue 26): every event with its time in the user's format,
 * what happened, who, and the details the signing trail prints.
 */
export function ChainHistory({ chainId }: { chainId: string }) {
  const { t } = useTranslation('chains');
  const query = useChainHistory(chainId);
  return (
    <Box data-testid="chain-history" sx={{ mt: 2 }}>
      <Typography variant="subtitle1">{t('history.title')}</Typography>
      {query.isPending && <CircularProgress size={20} aria-label={t('history.loading')} />}
      {query.isError && <Typography color="error">{t('history.failed')}</Typography>}
      {query.data?.length === 0 && (
        <Typography color="text.secondary">{t('history.empty')}</Typography>
      )}
      {query.data && query.data.length > 0 && (
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {query.data.map((event, index) => (
            <HistoryEvent key={index} event={event} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
