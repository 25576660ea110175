import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../shared/components/retry-alert';
import { remoteConfigQueryOptions } from '../../shared/hooks/use-remote-config';

export function FullPageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label="loading" />
    </Box>
  );
}

/** Renders the app only once GET server/config has answered (everything else depends on it). */
export function RemoteConfigGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('app');
  const config = useQuery(remoteConfigQueryOptions);
  if (config.isPending) return <FullPageSpinner />;
  if (config.isError) {
    return (
      <Box sx={{ p: 3, maxWidth: 560, mx: 'auto' }}>
        <RetryAlert onRetry={() => config.refetch()}>{t('boot.configError')}</RetryAlert>
      </Box>
    );
  }
  return children;
}
