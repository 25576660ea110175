import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallbackAttempt, CallbackDelivery } from '@signet/contracts/callbacks';
import { PageTitle } from '../../../shared/components/page-title';
import { useToast } from '../../../shared/components/toast';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { useCallbackDeliveries, useRetryCallback } from '../api/callbacks-api';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

const pageSize = 25;

function AttemptLine({ attempt }: { attempt: CallbackAttempt }) {
  const { t } = useTranslation('callbacks');
  const outcome =
    attempt.error === null
      ? t('attemptOk')
      : attempt.statusCode === null
        ? attempt.error
        : `${attempt.statusCode} · ${attempt.error}`;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
      {formatDateTime(attempt.at)} — {outcome || t('noAnswer')} ({attempt.durationMs} ms)
    </Typography>
  );
}

/** One delivery as a card: cards wrap at 600 px where a table would scroll. */
function DeliveryCard({ delivery }: { delivery: CallbackDelivery }) {
  const { t } = useTranslation('callbacks');
  const toast = useToast();
  const retry = useRetryCallback();
  const onRetry = async () => {
    try {
      await retry.mutateAsync(delivery.id);
      toast.success(t('retried'));
    } catch (error) {
      toast.error(error);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="callback-delivery">
      <Stack spacing={0.75} sx={{ minWidth: 0 }}>
        <Stack direction="row" gap={1} flexWrap="wrap" alignItems="center">
          <Chip
            size="small"
            color={delivery.status === 'FAILED' ? 'error' : 'default'}
            label={delivery.status === 'FAILED' ? t('failed') : t('pending')}
          />
          <Typography variant="subtitle1">{t(`types.${delivery.type}`)}</Typography>
        </Stack>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {delivery.url}
        </Typography>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {t('chain')}: <code>{delivery.chainId}</code>
        </Typography>
        <Typography variant="body2">
          {t('created')}: {formatDateTime(delivery.createdAt)}
          {delivery.nextAttemptAt
            ? ` · ${t('nextAttempt')}: ${formatDateTime(delivery.nextAttemptAt)}`
            : ''}
          {delivery.status === 'PENDING'
            ? ` · ${t('giveUp')}: ${formatDateTime(delivery.giveUpAt)}`
            : ''}
        </Typography>
        <Typography variant="body2">{t('attempts', { count: delivery.attemptCount })}</Typography>
        {delivery.attempts.slice(0, 5).map((attempt, i) => (
          <AttemptLine key={`${attempt.at}-${i}`} attempt={attempt} />
        ))}
        <Button
          variant="outlined"
          size="small"
          onClick={onRetry}
          disabled={retry.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('retry')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** `/callbacks` (admin): callback deliveries that failed or still wait, with "retry now". */
export default function CallbacksPage() {
  const { t } = useTranslation('callbacks');
  const [status, setStatus] = useState<'FAILED' | 'PENDING'>('FAILED');
  const [page, setPage] = useState(1);
  const deliveries = useCallbackDeliveries({ status, page });
  const pages = Math.max(1, Math.ceil((deliveries.data?.total ?? 0) / pageSize));
  const failure = listFailure(deliveries);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle>{t('title')}</PageTitle>
      <Typography variant="body2">{t('intro')}</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        aria-label={t('show')}
        onChange={(_, value: 'FAILED' | 'PENDING' | null) => {
          if (value) {
            setStatus(value);
            setPage(1);
          }
        }}
      >
        <ToggleButton value="FAILED">{t('failed')}</ToggleButton>
        <ToggleButton value="PENDING">{t('pending')}</ToggleButton>
      </ToggleButtonGroup>
      {failure ? (
        <ListError title={t('loadError')} error={failure} onRetry={() => deliveries.refetch()} />
      ) : deliveries.data?.content.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        deliveries.data?.content.map((delivery) => (
          <DeliveryCard key={delivery.id} delivery={delivery} />
        ))
      )}
      {pages > 1 ? (
        <Pagination count={pages} page={page} onChange={(_, next) => setPage(next)} />
      ) : null}
    </Stack>
  );
}
