import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSizes } from '@signet/contracts/limits';
import { commonNamespace } from '../i18n/namespaces';

type SortOrder = 'asc' | 'desc';
type PageSize = (typeof pageSizes)[number];

/** The paging and sorting part of a list's query parameters. */
interface ListQuery<Field extends string> {
  'sort-field': Field;
  'sort-order': SortOrder;
  'page-num': number;
  'page-size': number;
}

interface ListTableProps<Column extends string, Field extends string> {
  /** `aria-label` of the table. */
  label: string;
  testId: string;
  columns: readonly Column[];
  columnLabel: (column: Column) => string;
  /** The sort field of a column, or `undefined` when the column does not sort. */
  sortFieldOf: (column: Column) => Field | undefined;
  /** An extra first header cell (e.g. above expand buttons); the empty row spans it too. */
  leadingHeaderCell?: ReactNode;
  query: ListQuery<Field>;
  total: number;
  /** `total` is a lower bound (the server stopped counting): "of more than …", next stays open. */
  totalIsLowerBound?: boolean;
  /**
   * Loading: the rows are dimmed and the empty text is not shown; with no rows yet a loading row
   * stands in for them and the pager counts nothing (not "0–0 of 0").
   */
  isLoading: boolean;
  isEmpty: boolean;
  emptyText: string;
  onSort: (field: Field, order: SortOrder) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
  /** The rows. */
  children: ReactNode;
}

/** A page of a list: sortable headers (actions on the right), an empty text and the pager. */
export function ListTable<Column extends string, Field extends string>({
  label,
  testId,
  columns,
  columnLabel,
  sortFieldOf,
  leadingHeaderCell,
  query,
  total,
  totalIsLowerBound = false,
  isLoading,
  isEmpty,
  emptyText,
  onSort,
  onPage,
  onPageSize,
  children,
}: ListTableProps<Column, Field>) {
  const { t } = useTranslation(commonNamespace);
  const hasLeadingCell = leadingHeaderCell !== undefined;
  const colSpan = columns.length + (hasLeadingCell ? 1 : 0);
  const isFirstLoad = isEmpty && isLoading;
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label} data-testid={testId}>
          <TableHead>
            <TableRow>
              {leadingHeaderCell}
              {columns.map((column) => (
                <SortableHeaderCell
                  key={column}
                  label={columnLabel(column)}
                  align={column === 'actions' ? 'right' : 'left'}
                  field={sortFieldOf(column)}
                  sortField={query['sort-field']}
                  sortOrder={query['sort-order']}
                  onSort={onSort}
                />
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: isLoading ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {isEmpty && !isLoading && <EmptyTableRow colSpan={colSpan}>{emptyText}</EmptyTableRow>}
            {isFirstLoad && (
              <EmptyTableRow colSpan={colSpan} testId="list-loading">
                {t('loading')}
              </EmptyTableRow>
            )}
            {children}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        isCounting={isFirstLoad}
        total={total}
        totalIsLowerBound={totalIsLowerBound}
        page={query['page-num'] - 1}
        pageSize={query['page-size']}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </Paper>
  );
}

interface SortableHeaderCellProps<Field extends string> {
  label: string;
  align: 'left' | 'right';
  /** The sort field of this column, or `undefined` when the column does not sort. */
  field: Field | undefined;
  sortField: Field;
  sortOrder: SortOrder;
  /** A click on the active column flips the order; on another column it sorts ascending. */
  onSort: (field: Field, order: SortOrder) => void;
}

/** A list table's column header; sortable columns get a sort label. */
function SortableHeaderCell<Field extends string>({
  label,
  align,
  field,
  sortField,
  sortOrder,
  onSort,
}: SortableHeaderCellProps<Field>) {
  return (
    <TableCell
      align={align}
      sortDirection={field !== undefined && sortField === field ? sortOrder : false}
      sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
    >
      {field !== undefined ? (
        <TableSortLabel
          active={sortField === field}
          direction={sortField === field ? sortOrder : 'asc'}
          onClick={() => onSort(field, sortField === field && sortOrder === 'asc' ? 'desc' : 'asc')}
        >
          {label}
        </TableSortLabel>
      ) : (
        label
      )}
    </TableCell>
  );
}

interface EmptyTableRowProps {
  colSpan: number;
  children: ReactNode;
  testId?: string;
}

/** The one row of a list table that has nothing to show (yet). */
function EmptyTableRow({ colSpan, children, testId }: EmptyTableRowProps) {
  return (
    <TableRow data-testid={testId}>
      <TableCell colSpan={colSpan}>
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {children}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

interface TablePagerProps {
  /** The first page is still on its way: no count is shown. */
  isCounting: boolean;
  total: number;
  totalIsLowerBound: boolean;
  /** Zero-based page number (the pager's). */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}

/** The pager under a list table, with the allowed page sizes (10, 25, 50); texts from `common`. */
function TablePager({
  isCounting,
  total,
  totalIsLowerBound,
  page,
  pageSize,
  onPage,
  onPageSize,
}: TablePagerProps) {
  const { t, i18n } = useTranslation(commonNamespace);
  return (
    <TablePagination
      component="div"
      // -1: MUI's "count not known", which keeps the next page open past a lower bound.
      count={totalIsLowerBound ? -1 : total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      // The pager counts from 0, the API's page-num from 1.
      onPageChange={(_event, nextPage) => onPage(nextPage + 1)}
      onRowsPerPageChange={(event) => {
        const size = Number(event.target.value);
        const allowed = pageSizes.find((candidate) => candidate === size);
        if (allowed) onPageSize(allowed);
      }}
      labelRowsPerPage={t('rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        isCounting
          ? ''
          : totalIsLowerBound
            ? t('displayedRowsMore', { from, to, count: total.toLocaleString(i18n.language) })
            : t('displayedRows', { from, to, count })
      }
      getItemAriaLabel={(type) => t(`pager.${type}`)}
    />
  );
}
