import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventStreams } from './use-event-streams';

/** "Service not available" while a stream is lost; "Reconnected!" when it comes back. */
export function ConnectionBanners() {
  const { t } = useTranslation('app');
  const { isLost, reconnectCount } = useEventStreams();
  const [shownReconnect, setShownReconnect] = useState(0);
  const isReconnectedOpen = !isLost && reconnectCount > shownReconnect;

  return (
    <>
      <Snackbar open={isLost} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity="error" variant="filled" data-testid="connection-lost-banner">
          {t('connection.lost')}
        </Alert>
      </Snackbar>
      <Snackbar
        open={isReconnectedOpen}
        autoHideDuration={4000}
        onClose={() => setShownReconnect(reconnectCount)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          variant="filled"
          data-testid="reconnected-banner"
          onClose={() => setShownReconnect(reconnectCount)}
        >
          {t('connection.reconnected')}
        </Alert>
      </Snackbar>
    </>
  );
}
