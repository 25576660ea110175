import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chain, OwnChainListQuery } from '@signet/contracts/chains';
import { ListTable } from '../../../shared/components/list-table';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { chainFileName, personName } from '../chain-view';

type SortField = OwnChainListQuery['sort-field'];
type SortOrder = OwnChainListQuery['sort-order'];
type Column = 'fileName' | 'status' | 'createdBy' | 'updatedAt' | 'actions';

const wideColumns: readonly Column[] = ['fileName', 'status', 'createdBy', 'updatedAt', 'actions'];
const compactColumns: readonly Column[] = ['fileName', 'status', 'actions'];
const sortFieldOf = (column: Column): SortField | undefined =>
  column === 'fileName' || column === 'status' || column === 'updatedAt' ? column : undefined;

interface ChainsTableProps {
  chains: readonly Chain[];
  total: number;
  /** The admin list stopped counting at `total` (decision 018). */
  totalIsLowerBound?: boolean;
  query: Pick<OwnChainListQuery, 'sort-field' | 'sort-order' | 'page-num' | 'page-size'>;
  isLoading: boolean;
  onSort: (field: SortField, order: SortOrder) => void;
  onPage: (pageNum: number) => void;
  onPageSize: (pageSize: OwnChainListQuery['page-size']) => void;
  /** The row's chip for the asking user, and its buttons. */
  chipOf: (chain: Chain) => ReactNode;
  actionsOf: (chain: Chain) => ReactNode;
  /** Multi-select: which rows can be picked, and which are. */
  selection?: {
    selectable: (chain: Chain) => boolean;
    selected: ReadonlySet<string>;
    toggle: (chain: Chain) => void;
  };
  testId?: string;
}

/** A page of chains as a table (My Documents, All Documents, the recycle bin). */
export function ChainsTable({
  chains,
  total,
  totalIsLowerBound,
  query,
  isLoading,
  onSort,
  onPage,
  onPageSize,
  chipOf,
  actionsOf,
  selection,
  testId = 'chains-table',
}: ChainsTableProps) {
  const { t } = useTranslation('chains');
  const isCompact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const columns = isCompact ? compactColumns : wideColumns;

  return (
    <ListTable
      label={t('title')}
      testId={testId}
      columns={columns}
      columnLabel={(column) => t(`columns.${column}`)}
      sortFieldOf={sortFieldOf}
      leadingHeaderCell={selection ? <TableCell padding="checkbox" /> : undefined}
      query={query}
      total={total}
      totalIsLowerBound={totalIsLowerBound}
      isLoading={isLoading}
      isEmpty={chains.length === 0}
      emptyText={t('empty')}
      onSort={onSort}
      onPage={onPage}
      onPageSize={onPageSize}
    >
      {chains.map((chain) => {
        const name = chainFileName(chain);
        return (
          <TableRow key={chain.id} hover data-testid="chain-row" data-chain-id={chain.id}>
            {selection && (
              <TableCell padding="checkbox">
                {selection.selectable(chain) && (
                  <Checkbox
                    checked={selection.selected.has(chain.id)}
                    onChange={() => selection.toggle(chain)}
                    slotProps={{ input: { 'aria-label': t('actions.select', { name }) } }}
                  />
                )}
              </TableCell>
            )}
            <TableCell sx={{ maxWidth: 360, minWidth: 0 }}>
              <Typography
                variant="body2"
                title={name}
                sx={{ overflowWrap: 'anywhere' }}
                data-testid="chain-file-name"
              >
                {name.length > 60 ? `${name.slice(0, 59)}…` : name}
              </Typography>
              {isCompact && (
                <Typography variant="caption" color="text.secondary" component="p">
                  {personName(chain.createdBy)} · {formatDateTime(chain.updatedAt)}
                </Typography>
              )}
            </TableCell>
            <TableCell>{chipOf(chain)}</TableCell>
            {!isCompact && (
              <>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {personName(chain.createdBy)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(chain.updatedAt)}
                </TableCell>
              </>
            )}
            <TableCell align="right">{actionsOf(chain)}</TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
