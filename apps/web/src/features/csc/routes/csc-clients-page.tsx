import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CscClient } from '@signet/contracts/csc';
import { PageTitle } from '../../../shared/components/page-title';
import { useToast } from '../../../shared/components/toast';
import { useCscClients, useDeleteCscClient, useRegisterCscClient } from '../api/csc-api';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

/** One registered client as a card: cards wrap at 600 px where a table would scroll. */
function ClientCard({ client }: { client: CscClient }) {
  const { t } = useTranslation('csc');
  const toast = useToast();
  const remove = useDeleteCscClient();
  const onDelete = async () => {
    try {
      await remove.mutateAsync(client.clientId);
      toast.success(t('clients.deleted'));
    } catch (error) {
      toast.error(error);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="csc-client-row">
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ wordBreak: 'break-word' }}>
            {client.name}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {t('clients.columns.clientId')}: <code>{client.clientId}</code>
          </Typography>
          {client.redirectUris.map((uri) => (
            <Typography
              key={uri}
              variant="body2"
              color="text.secondary"
              sx={{ wordBreak: 'break-all' }}
            >
              {uri}
            </Typography>
          ))}
          <Stack direction="row" gap={1} flexWrap="wrap">
            <Chip
              size="small"
              label={client.confidential ? t('clients.confidentialChip') : t('clients.public')}
            />
            {client.fromFile ? <Chip size="small" label={t('clients.fromFile')} /> : null}
          </Stack>
        </Stack>
        {client.fromFile ? null : (
          <IconButton aria-label={t('common:actions.delete')} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Paper>
  );
}

/** `/csc-clients` (admin): registers the OAuth clients of the CSC API (docs/csc.md). */
export default function CscClientsPage() {
  const { t } = useTranslation('csc');
  const toast = useToast();
  const clients = useCscClients();
  const register = useRegisterCscClient();
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [confidential, setConfidential] = useState(true);
  const [created, setCreated] = useState<{ clientId: string; clientSecret: string | null } | null>(
    null,
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await register.mutateAsync({
        name,
        redirectUris: uris
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
        confidential,
      });
      setCreated({ clientId: answer.client.clientId, clientSecret: answer.clientSecret });
      setName('');
      setUris('');
      toast.success(t('clients.registered'));
    } catch (error) {
      toast.error(error);
    }
  };
  const failure = listFailure(clients);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle>{t('clients.title')}</PageTitle>
      <Typography variant="body2">{t('clients.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={2} onSubmit={submit} data-testid="csc-client-form">
          <Typography variant="h6" component="h2">
            {t('clients.register')}
          </Typography>
          <TextField
            label={t('clients.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            slotProps={{ htmlInput: { 'data-testid': 'csc-client-name', maxLength: 200 } }}
          />
          <TextField
            label={t('clients.redirectUris')}
            helperText={t('clients.redirectUrisHelp')}
            value={uris}
            onChange={(e) => setUris(e.target.value)}
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'csc-client-uris' } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={confidential}
                onChange={(e) => setConfidential(e.target.checked)}
              />
            }
            label={t('clients.confidential')}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={register.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('clients.submit')}
          </Button>
        </Stack>
      </Paper>
      {created ? (
        <Alert severity="success" data-testid="csc-client-created" sx={{ wordBreak: 'break-all' }}>
          <div>
            {t('clients.clientId')}: <code data-testid="csc-client-id">{created.clientId}</code>
          </div>
          {created.clientSecret ? (
            <>
              <div>
                {t('clients.clientSecret')}:{' '}
                <code data-testid="csc-client-secret">{created.clientSecret}</code>
              </div>
              <div>{t('clients.secretOnce')}</div>
            </>
          ) : null}
        </Alert>
      ) : null}
      {failure ? (
        <ListError
          title={t('clients.loadError')}
          error={failure}
          onRetry={() => clients.refetch()}
        />
      ) : clients.data?.clients.length === 0 ? (
        <Typography color="text.secondary">{t('clients.empty')}</Typography>
      ) : (
        clients.data?.clients.map((client) => <ClientCard key={client.clientId} client={client} />)
      )}
    </Stack>
  );
}
