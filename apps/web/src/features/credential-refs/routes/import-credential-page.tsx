import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { PageTitle } from '../../../shared/components/page-title';
import { useToast } from '../../../shared/components/toast';
import {
  useExternalProviders,
  useImportCredentialRef,
  useProviderCredentials,
  useProviderLogin,
} from '../api/credential-refs-api';
import { CredentialRefList } from './credential-ref-list';

/** Step 2: the provider's credentials with checkboxes and Import (P§2). */
function ProviderCredentials({ providerId, onBack }: { providerId: string; onBack(): void }) {
  const { t } = useTranslation('credentialRefs');
  const toast = useToast();
  const listed = useProviderCredentials(providerId);
  const importRef = useImportCredentialRef();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setChosen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onImport = async () => {
    try {
      for (const credentialId of chosen) {
        await importRef.mutateAsync({ provider: providerId, credentialId });
      }
      toast.success(t('dialog.imported', { count: chosen.size }));
      setChosen(new Set());
      await listed.refetch();
    } catch (error) {
      toast.error(error);
    }
  };
  const credentials = listed.data?.credentials ?? [];
  return (
    <Stack spacing={1.5}>
      {listed.isError ? <Alert severity="error">{t('dialog.listError')}</Alert> : null}
      {listed.isSuccess && credentials.length === 0 ? (
        <Typography color="text.secondary">{t('dialog.none')}</Typography>
      ) : null}
      {credentials.map((c) => (
        <FormControlLabel
          key={c.credentialId}
          data-testid="provider-credential"
          disabled={c.imported}
          control={
            <Checkbox
              checked={c.imported || chosen.has(c.credentialId)}
              onChange={() => toggle(c.credentialId)}
            />
          }
          label={
            <Stack sx={{ minWidth: 0 }}>
              <Typography sx={{ wordBreak: 'break-word' }}>
                {c.description || c.subjectName}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {c.subjectName} · {c.keyAlg.toUpperCase()}
                {c.imported ? ` · ${t('dialog.alreadyImported')}` : ''}
              </Typography>
            </Stack>
          }
        />
      ))}
      <Stack direction="row" gap={1} flexWrap="wrap">
        <Button onClick={onBack}>{t('dialog.back')}</Button>
        <Button
          variant="contained"
          disabled={chosen.size === 0 || importRef.isPending}
          onClick={onImport}
          data-testid="import-credentials"
        >
          {t('dialog.import')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** `/credentials/importCredential` (P§2 import dialog): provider, login popup, import; the list. */
export default function ImportCredentialPage() {
  const { t } = useTranslation('credentialRefs');
  const toast = useToast();
  const navigate = useNavigate();
  const providers = useExternalProviders();
  const login = useProviderLogin();
  const list = providers.data?.providers ?? [];
  const [picked, setPicked] = useState<string>('');
  const [step, setStep] = useState<1 | 2>(1);
  const [logoutAnchor, setLogoutAnchor] = useState<HTMLElement | null>(null);
  const [switchAnchor, setSwitchAnchor] = useState<HTMLElement | null>(null);
  const providerId = picked || list[0]?.id || '';
  const provider = list.find((p) => p.id === providerId);
  // P§4: signed in at another provider, the user confirms the logout there first.
  const other = list.find((p) => p.signedIn && p.id !== providerId);

  const onLogin = async () => {
    if (!provider) return;
    try {
      if (other) await login.logout(other.id);
      await login.login(provider);
      setStep(2);
    } catch (error) {
      toast.error(error instanceof Error && !('code' in error) ? t('dialog.loginFailed') : error);
    }
  };
  const onLogout = async () => {
    if (!provider) return;
    try {
      await login.logout(provider.id);
      toast.success(t('dialog.loggedOut'));
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle>{t('dialog.title')}</PageTitle>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="import-credential-dialog">
        {list.length === 0 && providers.isSuccess ? (
          <Typography color="text.secondary">{t('dialog.noProviders')}</Typography>
        ) : step === 1 ? (
          <Stack spacing={2}>
            <TextField
              select
              label={t('dialog.provider')}
              value={providerId}
              onChange={(e) => setPicked(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'provider-select' } }}
            >
              {list.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" gap={1} flexWrap="wrap">
              <Button onClick={() => navigate(-1)}>{t('dialog.cancel')}</Button>
              {provider?.signedIn ? (
                <>
                  <Button
                    onClick={(e) => setLogoutAnchor(e.currentTarget)}
                    data-testid="provider-logout"
                  >
                    {t('dialog.logout')}
                  </Button>
                  <ConfirmPopover
                    anchorEl={logoutAnchor}
                    onClose={() => setLogoutAnchor(null)}
                    onAgree={onLogout}
                    message={t('dialog.logoutSure', { provider: provider.name })}
                  />
                  <Button
                    variant="contained"
                    onClick={() => setStep(2)}
                    data-testid="provider-next"
                  >
                    {t('dialog.next')}
                  </Button>
                </>
              ) : (
                <>
                  <Button
                    variant="contained"
                    onClick={(e) => (other ? setSwitchAnchor(e.currentTarget) : void onLogin())}
                    disabled={!provider}
                    data-testid="provider-login"
                  >
                    {t('dialog.login')}
                  </Button>
                  <ConfirmPopover
                    anchorEl={switchAnchor}
                    onClose={() => setSwitchAnchor(null)}
                    onAgree={onLogin}
                    message={t('dialog.switchSure', {
                      other: other?.name ?? '',
                      provider: provider?.name ?? '',
                    })}
                  />
                </>
              )}
            </Stack>
          </Stack>
        ) : (
          <ProviderCredentials providerId={providerId} onBack={() => setStep(1)} />
        )}
      </Paper>
      <Typography variant="h6" component="h2">
        {t('list.title')}
      </Typography>
      <CredentialRefList />
    </Stack>
  );
}
