import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Enrollment } from '@signet/contracts/devices';
import { RetryAlert } from '../../../shared/components/retry-alert';
import { useToast } from '../../../shared/components/toast';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { useRemoteConfig } from '../../../shared/hooks/use-remote-config';
import { useCreateEnrollment } from '../api/create-enrollment';

/** QR size and error-correction level of spec platform §9. */
const qrSize = 250;
const qrLevel = 'M';

function AppLink({ label, href }: { label: string; href: string }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <QRCodeSVG value={href} size={160} level={qrLevel} marginSize={2} />
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {label}
      </Link>
    </Stack>
  );
}

/**
 * The add-device dialog (spec platform §2): step 1 links to the authenticator (the phone apps when
 * configured, and the Signet Authenticator page); step 2 shows the one-time enrollment link as a
 * QR (250, level M) and as text with a copy button, with its expiry.
 */
export function AddDeviceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('profile');
  const config = useRemoteConfig();
  const toast = useToast();
  const enrollment = useCreateEnrollment();
  const [step, setStep] = useState<1 | 2>(1);
  const [link, setLink] = useState<Enrollment | null>(null);
  const hasApps = Boolean(config.sicAndroidLink || config.sicIphoneLink);

  const next = async () => {
    setStep(2);
    try {
      setLink(await enrollment.mutateAsync());
    } catch {
      // The alert below offers to retry.
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.link);
      toast.success(t('devices.copied'));
    } catch {
      toast.error(t('devices.copyFailed'));
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="add-device-dialog">
      <DialogTitle>{t('devices.addTitle')}</DialogTitle>
      <DialogContent>
        {step === 1 ? (
          <Stack spacing={2} data-testid="add-device-step1">
            {/* The install line only when there is an app to install (issue 26 §6). */}
            {hasApps && <Typography>{t('devices.step1')}</Typography>}
            {hasApps && (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={3}
                sx={{ justifyContent: 'center', alignItems: 'center' }}
              >
                {config.sicAndroidLink && (
                  <AppLink label={t('devices.android')} href={config.sicAndroidLink} />
                )}
                {config.sicIphoneLink && (
                  <AppLink label={t('devices.iphone')} href={config.sicIphoneLink} />
                )}
              </Stack>
            )}
            <Typography color={hasApps ? 'text.secondary' : undefined}>
              {t(hasApps ? 'devices.step1Web' : 'devices.step1WebOnly')}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography>{t('devices.step2')}</Typography>
            {enrollment.isError && (
              <RetryAlert onRetry={next}>{t('devices.enrollmentError')}</RetryAlert>
            )}
            {!link && !enrollment.isError && <CircularProgress aria-label={t('common:loading')} />}
            {link && (
              <>
                <QRCodeSVG
                  value={link.link}
                  size={qrSize}
                  level={qrLevel}
                  marginSize={2}
                  data-testid="enrollment-qr"
                  title={t('devices.qrTitle')}
                />
                <TextField
                  fullWidth
                  size="small"
                  label={t('devices.link')}
                  value={link.link}
                  slotProps={{
                    htmlInput: { readOnly: true, 'data-testid': 'enrollment-link' },
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          <Tooltip title={t('devices.copy')}>
                            <IconButton
                              aria-label={t('devices.copy')}
                              onClick={() => void copy()}
                              edge="end"
                            >
                              <ContentCopyIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <Typography variant="body2" color="text.secondary">
                  {t('devices.expires', { time: formatDateTime(link.expiresAt) })}
                </Typography>
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {step === 1 ? (
          <>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button variant="contained" onClick={() => void next()} data-testid="add-device-next">
              {t('devices.next')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
