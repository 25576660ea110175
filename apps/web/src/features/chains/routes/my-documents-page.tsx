import DownloadIcon from '@mui/icons-material/Download';
import DrawIcon from '@mui/icons-material/Draw';
import GridViewIcon from '@mui/icons-material/GridView';
import TableRowsIcon from '@mui/icons-material/TableRows';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { chainFilterSchema, chainFilters, rowChip } from '@signet/contracts/chain-rules';
import type { ChainFilter } from '@signet/contracts/chain-rules';
import { ownChainListQuerySchema } from '@signet/contracts/chains';
import type { Chain, OwnChainListQuery } from '@signet/contracts/chains';
import { PageTitle } from '../../../shared/components/page-title';
import { SearchField } from '../../../shared/components/search-field';
import { cookieValue, storeInCookie } from '../../../shared/cookies/cookies';
import { useChainDownload } from '../../../shared/downloads/use-chain-download';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { listQueryParams } from '../../../shared/lists/list-query-params';
import { useOwnChainPages, useOwnChains } from '../api/get-own-chains';
import { chainRoutes } from '../chain-view';
import { ruleChainOf } from '@signet/contracts/chain-view-rules';
import { ChainRowActions } from '../components/chain-row-actions';
import { ChainSortMenu } from '../components/chain-sort-menu';
import { ChainStatusChip } from '../components/chain-status-chip';
import { ChainThumbnail } from '../components/chain-thumbnail';
import { ChainsTable } from '../components/chains-table';
import { FilterChips } from '../components/filter-chips';
import { MultiSelectButton } from '../components/multi-select-button';
import { UploadChainDialog } from '../components/upload-chain-dialog';
import { useChainDialogs } from '../components/chain-dialogs';
import { isSelectableForBatch } from '../selectable-for-batch';
import { useChainCommands } from '../use-chain-commands';
import { useMarkedFilters } from '../use-marked-filters';
import { ListError } from '../../../shared/lists/list-error';
import { listFailure } from '../../../shared/lists/list-failure';

type View = 'table' | 'thumbnails';
/** The view choice is kept in this cookie (documents §2). */
const viewCookie = 'doc-pagination';
const listQuery = listQueryParams(ownChainListQuerySchema);

/**
 * /signatureChains/list/{filter?}: My Documents (documents §2): status chips with live red dots,
 * table or thumbnails, search, bulk-select for signing, every row action. `/signatureChains/upload`
 * shows the same list under the upload dialog.
 */
export default function MyDocumentsPage({ isUploadOpen = false }: { isUploadOpen?: boolean }) {
  const { t } = useTranslation('chains');
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const user = useCurrentUser().data;
  const userId = user?.id ?? '';
  const filter: ChainFilter = chainFilterSchema.catch('ALL').parse(params.filter ?? 'ALL');
  const query: OwnChainListQuery = { ...listQuery.read(searchParams), filter };
  const [view, setView] = useState<View>(() =>
    cookieValue(viewCookie) === 'thumbnails' ? 'thumbnails' : 'table',
  );
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { marked, clear } = useMarkedFilters(filter);
  const commands = useChainCommands();
  const downloads = useChainDownload();
  const { openDialog, dialog } = useChainDialogs(userId, commands);
  const table = useOwnChains(query, view === 'table');
  const pages = useOwnChainPages({ ...query, 'page-size': 10 }, view === 'thumbnails');
  const isCreator = user?.roles.includes('creator') ?? false;

  const changeQuery = (change: Partial<OwnChainListQuery>) =>
    setSearchParams(listQuery.write({ ...query, ...change }), { replace: true });
  const showFilter = (next: ChainFilter) => {
    clear(next);
    // Bulk selection belongs to the TODO tab; moving away ends it.
    if (next !== 'TODO') {
      setSelecting(false);
      setSelected(new Set());
    }
    const search = listQuery.write({ ...query, 'page-num': 1 }).toString();
    void navigate({ pathname: chainRoutes.list(next === 'ALL' ? undefined : next), search });
  };
  const toggleSelecting = () => {
    setSelected(new Set());
    if (!selecting && filter !== 'TODO') showFilter('TODO');
    setSelecting(!selecting);
  };
  const toggle = (chain: Chain) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(chain.id)) next.add(chain.id);
      return next;
    });
  const changeView = (next: View) => {
    storeInCookie(viewCookie, next);
    setView(next);
  };

  const chipOf = (chain: Chain) => <ChainStatusChip chip={rowChip(ruleChainOf(chain), userId)} />;
  const actionsOf = (chain: Chain) => (
    <ChainRowActions chain={chain} userId={userId} commands={commands} onOpen={openDialog} />
  );
  const selection = selecting ? { selectable: isSelectableForBatch, selected, toggle } : undefined;
  const current = view === 'table' ? table : pages;

  const failure = listFailure(current);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle
        actions={
          <>
            <MultiSelectButton on={selecting} onToggle={toggleSelecting} />
            {selecting && selected.size > 0 && (
              <Button
                startIcon={<DownloadIcon />}
                onClick={() => void downloads.downloadMany([...selected])}
                data-testid="download-selected"
              >
                {t('common:download.selected', { count: selected.size })}
              </Button>
            )}
            {selecting && selected.size > 1 && (
              <Button
                variant="contained"
                startIcon={<DrawIcon />}
                onClick={() =>
                  void navigate(chainRoutes.multiSign, {
                    state: { chainIds: [...selected] },
                  })
                }
                data-testid="multi-sign"
              >
                {t('multiSign', { count: selected.size })}
              </Button>
            )}
            <Tooltip title={isCreator ? '' : t('noCreatorRole')} disableInteractive>
              <span>
                <Button
                  variant="contained"
                  startIcon={<UploadFileIcon />}
                  disabled={!isCreator}
                  onClick={() => void navigate(chainRoutes.upload)}
                  data-testid="upload-document"
                >
                  {t('upload')}
                </Button>
              </span>
            </Tooltip>
          </>
        }
      >
        {t('title')}
      </PageTitle>
      <FilterChips
        filters={chainFilters}
        active={filter}
        marked={marked}
        onChange={showFilter}
        labelPrefix="filters"
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchField
          value={query.q ?? ''}
          onSearch={(q) => changeQuery({ q: q || undefined, 'page-num': 1 })}
          placeholder={t('searchPlaceholder')}
          testId="chains-search"
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {view === 'thumbnails' && (
            <ChainSortMenu
              field={query['sort-field']}
              order={query['sort-order']}
              onChange={(field, order) => changeQuery({ 'sort-field': field, 'sort-order': order })}
            />
          )}
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_event, next: View | null) => next && changeView(next)}
          >
            <ToggleButton value="table" aria-label={t('viewTable')} data-testid="view-table">
              <TableRowsIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton
              value="thumbnails"
              aria-label={t('viewThumbnails')}
              data-testid="view-thumbnails"
            >
              <GridViewIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </Stack>
      {failure ? (
        <ListError title={t('loadError')} error={failure} onRetry={() => current.refetch()} />
      ) : view === 'table' ? (
        <ChainsTable
          chains={table.data?.content ?? []}
          total={table.data?.total ?? 0}
          query={query}
          isLoading={table.isPending || table.isPlaceholderData}
          onSort={(field, order) =>
            changeQuery({ 'sort-field': field, 'sort-order': order, 'page-num': 1 })
          }
          onPage={(pageNum) => changeQuery({ 'page-num': pageNum })}
          onPageSize={(pageSize) => changeQuery({ 'page-size': pageSize, 'page-num': 1 })}
          chipOf={chipOf}
          actionsOf={actionsOf}
          selection={selection}
        />
      ) : (
        <Stack spacing={2}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
            }}
            data-testid="chain-thumbnails"
          >
            {(pages.data?.pages ?? [])
              .flatMap((page) => page.content)
              .map((chain) => (
                <ChainThumbnail
                  key={chain.id}
                  chain={chain}
                  chip={chipOf(chain)}
                  actions={actionsOf(chain)}
                  selection={
                    selection && {
                      selectable: selection.selectable(chain),
                      selected: selected.has(chain.id),
                      toggle: () => toggle(chain),
                    }
                  }
                />
              ))}
          </Box>
          {pages.data?.pages[0]?.total === 0 && <Box color="text.secondary">{t('empty')}</Box>}
          {pages.hasNextPage && (
            <Button
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
              data-testid="show-more"
            >
              {t('showMore')}
            </Button>
          )}
        </Stack>
      )}
      {dialog}
      {isUploadOpen && <UploadChainDialog onClose={() => void navigate(chainRoutes.list())} />}
    </Stack>
  );
}
