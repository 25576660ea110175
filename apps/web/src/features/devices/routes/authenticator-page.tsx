import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readEnrollmentLink, type ApprovalRequest } from '@signet/contracts/devices';
import { isApiError } from '../../../shared/api/api-error';
import {
  pendingApprovals,
  storeDevice,
  storedDevice,
  type AuthenticatorDevice,
} from '../api/authenticator-api';
import { ApprovalCard } from '../components/approval-card';
import { EnrollForm } from '../components/enroll-form';

/** Adds the authenticator's web manifest while the page is open, so the phone can install it. */
function useManifest() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/authenticator.webmanifest';
    document.head.appendChild(link);
    return () => link.remove();
  }, []);
}

/**
 * The device's pending requests, live: a long poll that answers as soon as a request is addressed
 * to the device's owner; while some are open it asks again every 1.5 s to drop decided ones.
 */
function usePendingRequests(device: AuthenticatorDevice, onUnknownDevice: () => void) {
  const [requests, setRequests] = useState<ApprovalRequest[] | null>(null);
  const [isOffline, setOffline] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    void (async () => {
      // The first answer at once, then long polls.
      let waitSecs = 0;
      while (!controller.signal.aborted) {
        try {
          const items = await pendingApprovals(device, waitSecs, controller.signal);
          waitSecs = 25;
          setRequests(items);
          setOffline(false);
          if (items.length > 0) await sleep(1500);
        } catch (error) {
          if (controller.signal.aborted) return;
          if (isApiError(error, 'UNAUTHORIZED')) {
            onUnknownDevice();
            return;
          }
          setOffline(true);
          await sleep(3000);
        }
      }
    })();
    return () => controller.abort();
  }, [device, onUnknownDevice]);
  return { requests, setRequests, isOffline };
}

function Requests({ device, onForget }: { device: AuthenticatorDevice; onForget: () => void }) {
  const { t } = useTranslation('devices');
  const { requests, setRequests, isOffline } = usePendingRequests(device, onForget);
  const [decided, setDecided] = useState<string | null>(null);
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary" data-testid="authenticator-device">
        {t('authenticator.enrolledAs', { name: device.friendlyName })}
      </Typography>
      {decided && (
        <Alert severity="success" onClose={() => setDecided(null)}>
          {decided}
        </Alert>
      )}
      {isOffline && <Alert severity="warning">{t('authenticator.offline')}</Alert>}
      {requests === null ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : requests.length === 0 ? (
        <Typography data-testid="authenticator-no-requests">
          {t('authenticator.noRequests')}
        </Typography>
      ) : (
        requests.map((request) => (
          <ApprovalCard
            key={request.id}
            device={device}
            request={request}
            onDecided={(id, decision) => {
              setRequests((current) => current?.filter((r) => r.id !== id) ?? null);
              setDecided(
                decision === 'APPROVE' ? t('authenticator.approved') : t('authenticator.denied'),
              );
            }}
          />
        ))
      )}
      <Button color="inherit" onClick={onForget} sx={{ alignSelf: 'center' }}>
        {t('authenticator.forget')}
      </Button>
    </Stack>
  );
}

/**
 * `/authenticator`: the Signet Authenticator, a mobile page (installable; 360 px) that enrolls
 * this phone from the add-device link and approves or denies the requests addressed to it.
 */
export default function AuthenticatorPage() {
  const { t } = useTranslation('devices');
  useManifest();
  const [link, setLink] = useState(() => readEnrollmentLink(window.location.href));
  const [device, setDevice] = useState<AuthenticatorDevice | null>(() => storedDevice());
  const [isForgotten, setForgotten] = useState(false);

  const enrolled = (value: AuthenticatorDevice) => {
    storeDevice(value);
    // The code worked once: take it out of the address.
    window.history.replaceState(null, '', window.location.pathname);
    setLink(null);
    setDevice(value);
  };
  const forget = useCallback(() => {
    storeDevice(null);
    setDevice(null);
    setForgotten(true);
  }, []);

  return (
    <Box
      component="main"
      sx={{ maxWidth: 480, mx: 'auto', p: 2, minHeight: '100dvh', boxSizing: 'border-box' }}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <Typography variant="h5" component="h1">
            {t('authenticator.title')}
          </Typography>
        </Stack>
        {device && !link ? (
          <Requests device={device} onForget={forget} />
        ) : link ? (
          <EnrollForm link={link} onEnrolled={enrolled} />
        ) : (
          <Typography>
            {isForgotten ? t('authenticator.forgotten') : t('authenticator.notEnrolled')}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
