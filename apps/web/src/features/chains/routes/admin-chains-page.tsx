import DeleteIcon from '@mui/icons-material/Delete';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import GroupIcon from '@mui/icons-material/Group';
import InfoIcon from '@mui/icons-material/Info';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { adminChainListQuerySchema } from '@signet/contracts/chains';
import type { AdminChainListQuery, Chain } from '@signet/contracts/chains';
import type { ChainStatus } from '@signet/contracts/chain-rules';
import type { EnabledUser } from '@signet/contracts/users';
import { ConfirmPopover } from '../../../shared/components/confirm-popover';
import { PageTitle } from '../../../shared/components/page-title';
import { DownloadModeMenu } from '../../../shared/downloads/download-mode-menu';
import { useChainDownload } from '../../../shared/downloads/use-chain-download';
import { SearchField } from '../../../shared/components/search-field';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { listQueryParams } from '../../../shared/lists/list-query-params';
import { useAdminChains } from '../api/get-admin-chains';
import { useChainDialogs } from '../components/chain-dialogs';
import { ChainsTable } from '../components/chains-table';
import { FilterChips } from '../components/filter-chips';
import { MultiSelectButton } from '../components/multi-select-button';
import { UserFilter } from '../components/user-filter';
import { useChainCommands } from '../use-chain-commands';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

const statusFilters = ['ALL', 'CREATED', 'DONE', 'FAILED'] as const;
type StatusFilter = (typeof statusFilters)[number];
const listQuery = listQueryParams(adminChainListQuerySchema);
const statusColor: Record<ChainStatus, 'default' | 'info' | 'success' | 'error' | 'secondary'> = {
  CREATED: 'info',
  IN_PROGRESS: 'secondary',
  DONE: 'success',
  FAILED: 'error',
};

/**
 * All Documents and the recycle bin for admins (documents §2): status chips, file name search,
 * creator and participant filters, a multi-select mode to delete or download several, and per
 * row participants, download, delete (to the recycle bin, or for good from it) and info.
 */
export default function AdminChainsPage({ mode }: { mode: 'all' | 'recycleBin' }) {
  const { t } = useTranslation('chains');
  const recycleBin = mode === 'recycleBin';
  const [searchParams, setSearchParams] = useSearchParams();
  const userId = useCurrentUser().data?.id ?? '';
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [creator, setCreator] = useState<EnabledUser | null>(null);
  const [member, setMember] = useState<EnabledUser | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<{ anchor: HTMLElement; run: () => void } | null>(null);
  const [modes, setModes] = useState<{ anchor: HTMLElement; chain: Chain } | null>(null);
  const downloads = useChainDownload();
  const read = listQuery.read(searchParams);
  const query: AdminChainListQuery = {
    ...read,
    recycleBin,
    status: status === 'ALL' ? undefined : status,
    createdBy: creator?.id,
    memberId: member?.id,
  };
  const chains = useAdminChains(query);
  const commands = useChainCommands();
  const { openDialog, dialog } = useChainDialogs(userId, commands, false);
  const rows = chains.data?.content ?? [];
  const remove = (chain: Chain) =>
    recycleBin ? commands.deleteForGood(chain) : commands.softDelete(chain);

  const changeQuery = (change: Partial<AdminChainListQuery>) =>
    setSearchParams(listQuery.write({ ...read, ...change }), { replace: true });
  const toggle = (chain: Chain) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(chain.id)) next.add(chain.id);
      return next;
    });
  const selectedChains = rows.filter((c) => selected.has(c.id));
  const action = (
    label: string,
    icon: ReactNode,
    onClick: (anchor: HTMLElement) => void,
    testId: string,
  ) => (
    <Tooltip title={label} disableInteractive>
      <IconButton
        size="small"
        aria-label={label}
        onClick={(e) => onClick(e.currentTarget)}
        data-testid={testId}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );

  const failure = listFailure(chains);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle
        actions={
          <>
            <MultiSelectButton
              on={selecting}
              onToggle={() => {
                setSelected(new Set());
                setSelecting(!selecting);
              }}
            />
            {selecting && selected.size > 0 && (
              <>
                <Button
                  startIcon={<DownloadIcon />}
                  onClick={() => void downloads.downloadMany(selectedChains.map((c) => c.id))}
                >
                  {t('admin.downloadSelected', { count: selected.size })}
                </Button>
                <Button
                  color="error"
                  startIcon={<DeleteIcon />}
                  onClick={(event) =>
                    setConfirm({
                      anchor: event.currentTarget,
                      run: () => {
                        for (const chain of selectedChains) void remove(chain);
                        setSelected(new Set());
                      },
                    })
                  }
                  data-testid="delete-selected"
                >
                  {t('admin.deleteSelected', { count: selected.size })}
                </Button>
              </>
            )}
          </>
        }
      >
        {recycleBin ? t('recycleBinTitle') : t('adminTitle')}
      </PageTitle>
      <FilterChips
        filters={statusFilters}
        active={status}
        onChange={(next) => {
          setStatus(next);
          changeQuery({ 'page-num': 1 });
        }}
        labelPrefix="adminFilters"
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <SearchField
          value={read.q ?? ''}
          onSearch={(q) => changeQuery({ q: q || undefined, 'page-num': 1 })}
          placeholder={t('searchPlaceholder')}
          testId="chains-search"
        />
        <UserFilter
          label={t('admin.creator')}
          value={creator}
          onChange={setCreator}
          testId="filter-creator"
        />
        <UserFilter
          label={t('admin.member')}
          value={member}
          onChange={setMember}
          testId="filter-member"
        />
      </Stack>
      {failure ? (
        <ListError title={t('loadError')} error={failure} onRetry={() => chains.refetch()} />
      ) : (
        <ChainsTable
          testId={recycleBin ? 'recycle-bin-table' : 'all-documents-table'}
          chains={rows}
          total={chains.data?.total ?? 0}
          totalIsLowerBound={chains.data?.totalIsLowerBound ?? false}
          query={query}
          isLoading={chains.isPending || chains.isPlaceholderData}
          onSort={(field, order) =>
            changeQuery({ 'sort-field': field, 'sort-order': order, 'page-num': 1 })
          }
          onPage={(pageNum) => changeQuery({ 'page-num': pageNum })}
          onPageSize={(pageSize) => changeQuery({ 'page-size': pageSize, 'page-num': 1 })}
          chipOf={(chain) => (
            <Chip
              size="small"
              color={statusColor[chain.status]}
              label={t(
                chain.endedReason
                  ? `endedReason.${chain.endedReason}`
                  : `chainStatus.${chain.status}`,
              )}
            />
          )}
          actionsOf={(chain) => (
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              {action(
                t('actions.participants'),
                <GroupIcon fontSize="small" />,
                () => openDialog('participants', chain),
                'chain-participants',
              )}
              {action(
                t('actions.download'),
                <DownloadIcon fontSize="small" />,
                (anchor) => setModes({ anchor, chain }),
                'chain-download',
              )}
              {action(
                recycleBin ? t('admin.deleteForGood') : t('actions.delete'),
                recycleBin ? (
                  <DeleteForeverIcon fontSize="small" />
                ) : (
                  <DeleteIcon fontSize="small" />
                ),
                (anchor) => setConfirm({ anchor, run: () => void remove(chain) }),
                'chain-delete',
              )}
              {action(
                t('actions.info'),
                <InfoIcon fontSize="small" />,
                () => openDialog('info', chain),
                'chain-info',
              )}
            </Stack>
          )}
          selection={selecting ? { selectable: () => true, selected, toggle } : undefined}
        />
      )}
      {modes && (
        <DownloadModeMenu
          chain={modes.chain}
          purpose="download"
          anchorEl={modes.anchor}
          onClose={() => setModes(null)}
        />
      )}
      <ConfirmPopover
        anchorEl={confirm?.anchor ?? null}
        onClose={() => setConfirm(null)}
        onAgree={() => confirm?.run()}
      />
      {dialog}
    </Stack>
  );
}
