import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { RetryAlert } from '../../../shared/components/retry-alert';
import { useToast } from '../../../shared/components/toast';
import { formatDateTime } from '../../../shared/format/format-date-time';
import {
  useCallbackSecretStatus,
  useMakeCallbackSecret,
  useRemoveCallbackSecret,
} from '../api/callback-secret';

/** The secret just made, shown until the user closes it: the server never shows it again. */
function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t('callbackSecret.copied'));
    } catch {
      // A refused clipboard: the secret is still on screen to select.
    }
  };
  return (
    <Alert severity="warning" data-testid="callback-secret-new">
      <Stack spacing={1}>
        <Typography variant="body2">{t('callbackSecret.showOnce')}</Typography>
        <Typography
          component="output"
          data-testid="callback-secret-value"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
        >
          {secret}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {t('callbackSecret.copy')}
          </Button>
          <Button size="small" variant="contained" onClick={onDone}>
            {t('callbackSecret.saved')}
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}

/**
 * The creator's own callback secret (decision 054): callbacks about their chains are signed with
 * it instead of the server's shared one, so no other integration can sign callbacks their
 * receiver trusts. Made (or replaced) and removed here; shown once.
 */
export function CallbackSecretCard() {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const status = useCallbackSecretStatus();
  const make = useMakeCallbackSecret();
  const remove = useRemoveCallbackSecret();
  const [made, setMade] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ anchor: HTMLElement; what: 'replace' | 'remove' }>();

  const create = async () => {
    try {
      setMade((await make.mutateAsync()).secret);
    } catch (error) {
      toast.error(error);
    }
  };
  const drop = async () => {
    try {
      await remove.mutateAsync();
      setMade(null);
      toast.success(t('callbackSecret.removed'));
    } catch (error) {
      toast.error(error);
    }
  };
  const hasOwn = status.data?.hasOwnSecret === true;
  const busy = make.isPending || remove.isPending;

  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-callback-secret-title">
      <CardContent>
        <Typography id="profile-callback-secret-title" variant="h6" component="h2" gutterBottom>
          {t('callbackSecret.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('callbackSecret.hint')}
        </Typography>
        {status.isError ? (
          <RetryAlert onRetry={() => status.refetch()}>{t('callbackSecret.loadError')}</RetryAlert>
        ) : (
          status.data && (
            <Stack spacing={1.5}>
              {!status.data.callbacksEnabled && (
                <Alert severity="info">{t('callbackSecret.disabled')}</Alert>
              )}
              <Typography variant="body2" data-testid="callback-secret-status">
                {hasOwn && status.data.createdAt
                  ? t('callbackSecret.own', { time: formatDateTime(status.data.createdAt) })
                  : t('callbackSecret.shared')}
              </Typography>
              {made && <NewSecret secret={made} onDone={() => setMade(null)} />}
              <Stack direction="row" spacing={1}>
                <Button
                  variant="outlined"
                  disabled={busy}
                  data-testid="callback-secret-make"
                  onClick={(event) =>
                    hasOwn
                      ? setConfirm({ anchor: event.currentTarget, what: 'replace' })
                      : void create()
                  }
                >
                  {hasOwn ? t('callbackSecret.replace') : t('callbackSecret.make')}
                </Button>
                {hasOwn && (
                  <Button
                    color="error"
                    disabled={busy}
                    data-testid="callback-secret-remove"
                    onClick={(event) => setConfirm({ anchor: event.currentTarget, what: 'remove' })}
                  >
                    {t('callbackSecret.remove')}
                  </Button>
                )}
              </Stack>
            </Stack>
          )
        )}
        <ConfirmPopover
          anchorEl={confirm?.anchor ?? null}
          message={
            confirm?.what === 'remove'
              ? t('callbackSecret.confirmRemove')
              : t('callbackSecret.confirmReplace')
          }
          onClose={() => setConfirm(undefined)}
          onAgree={() => void (confirm?.what === 'remove' ? drop() : create())}
        />
      </CardContent>
    </Card>
  );
}
