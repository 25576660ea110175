import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CredentialRef } from '@signet/contracts/credential-refs';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { SearchField } from '../../../shared/components/search-field';
import { useToast } from '../../../shared/components/toast';
import { useCredentialRefs, useDeleteCredentialRef } from '../api/credential-refs-api';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

/** One imported credential as a card (cards wrap at 600 px), with its delete after "Sure?". */
function RefCard({ item, showOwner }: { item: CredentialRef; showOwner: boolean }) {
  const { t } = useTranslation('credentialRefs');
  const toast = useToast();
  const remove = useDeleteCredentialRef();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const onDelete = async () => {
    try {
      await remove.mutateAsync(item.id);
      toast.success(t('list.deleted'));
    } catch (error) {
      toast.error(error);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="credential-ref-row">
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ wordBreak: 'break-word' }}>
            {item.description}
          </Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {t('list.subject')}: {item.subjectName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('list.provider')}: {item.providerName} · {item.keyAlg.toUpperCase()} ·{' '}
            {t(`authMode.${item.authMode}`)}
          </Typography>
          {showOwner ? (
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {t('list.owner')}: {item.userEmail}
            </Typography>
          ) : null}
        </Stack>
        <IconButton
          aria-label={t('common:actions.delete')}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="credential-ref-delete"
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Stack>
      <ConfirmPopover anchorEl={anchor} onClose={() => setAnchor(null)} onAgree={onDelete} />
    </Paper>
  );
}

/** The imported credentials list with search and delete (the own, or the admin's all). */
export function CredentialRefList({ all = false }: { all?: boolean }) {
  const { t } = useTranslation('credentialRefs');
  const [q, setQ] = useState('');
  const refs = useCredentialRefs(q, all);
  const failure = listFailure(refs);
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <SearchField
        value={q}
        onSearch={setQ}
        placeholder={t('list.search')}
        testId="credential-ref-search"
      />
      {failure ? (
        <ListError title={t('list.loadError')} error={failure} onRetry={() => refs.refetch()} />
      ) : refs.data?.content.length === 0 ? (
        <Typography color="text.secondary" data-testid="credential-ref-empty">
          {t('list.empty')}
        </Typography>
      ) : (
        refs.data?.content.map((item) => <RefCard key={item.id} item={item} showOwner={all} />)
      )}
    </Stack>
  );
}
