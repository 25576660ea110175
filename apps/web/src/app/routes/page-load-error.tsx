import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { retryFailedComponents } from '../../shared/components/lazy-component';
import { RouteErrorPage } from './route-error-page';

/** How often a page that could not load asks whether the server is back. */
const retryEveryMs = 2_000;

/** A failed `import()` of a route's code, as browsers word it. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * The error element of a content route. A page whose code could not be fetched (the server is
 * down) says so inside the shell, which stays with its connection banner, and loads by itself as
 * soon as the server answers again. Any other error is the router's last resort.
 */
export function PageLoadError() {
  const error = useRouteError();
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const location = useLocation();
  const isChunk = isChunkLoadError(error);

  useEffect(() => {
    if (!isChunk) return;
    const timer = setInterval(() => {
      void fetch('/api/v1/server/ping', { cache: 'no-store' }).then(
        (response) => {
          if (!response.ok) return;
          clearInterval(timer);
          retryFailedComponents();
          void navigate(location.pathname + location.search + location.hash, { replace: true });
        },
        () => undefined,
      );
    }, retryEveryMs);
    return () => clearInterval(timer);
  }, [isChunk, navigate, location]);

  if (!isChunk) return <RouteErrorPage />;
  return (
    <Box sx={{ p: 3, maxWidth: 560, mx: 'auto' }}>
      <Alert severity="warning" data-testid="page-load-error">
        {t('routeError.offline')}
      </Alert>
    </Box>
  );
}
