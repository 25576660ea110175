import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** Last resort of the router (a chunk that failed to load, a render error): offer a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation('app');
  return (
    <Box sx={{ p: 3, maxWidth: 560, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      >
        {t('routeError.text')}
      </Alert>
    </Box>
  );
}
