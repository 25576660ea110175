import { versionHideMs } from '@signet/contracts/limits';
import { serverVersionSchema } from '@signet/contracts/server';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../shared/api/api-client-context';
import { queryKeys } from '../../shared/api/query-keys';
import { useToast } from '../../shared/components/toast';

/**
 * rSSP and rDSS short versions. Hides while hovered (so it never covers what is under it) and
 * shows again 2000 ms after the pointer leaves.
 */
export function VersionFooter() {
  const { t } = useTranslation('app');
  const api = useApiClient();
  const toast = useToast();
  const version = useQuery({
    queryKey: queryKeys.serverVersion,
    queryFn: ({ signal }) =>
      api.get('/api/v1/server/version', { schema: serverVersionSchema, signal }),
    staleTime: Infinity,
    retry: false,
  });
  const [isHidden, setHidden] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const { error } = version;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    toast.error(error, t('version.error'));
  }, [error, toast, t]);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (!version.data) return null;
  return (
    <Box
      component="footer"
      data-testid="version-footer"
      onMouseEnter={() => {
        clearTimeout(timer.current);
        setHidden(true);
      }}
      onMouseLeave={() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setHidden(false), versionHideMs);
      }}
      sx={{
        px: 2,
        py: 0.5,
        textAlign: 'right',
        opacity: isHidden ? 0 : 1,
        transition: 'opacity 200ms',
      }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {t('version.rssp', { version: version.data.rssp.versionStringShort })}
        {' · '}
        {t('version.rdss', { version: version.data.rdss.versionStringShort })}
      </Typography>
    </Box>
  );
}
