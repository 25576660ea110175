import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { EmptyTableRow } from './empty-table-row';
import { SortableHeaderCell } from './sortable-header-cell';
import { TablePager } from './table-pager';
import type { PageSize, TablePagerProps } from './table-pager';

type SortOrder = 'asc' | 'desc';

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
  /** Loading: the rows are dimmed and the empty text is not shown. */
  isLoading: boolean;
  isEmpty: boolean;
  emptyText: string;
  pagerLabels: Pick<
    TablePagerProps,
    'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'
  >;
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
  isLoading,
  isEmpty,
  emptyText,
  pagerLabels,
  onSort,
  onPage,
  onPageSize,
  children,
}: ListTableProps<Column, Field>) {
  const hasLeadingCell = leadingHeaderCell !== undefined;
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
            {isEmpty && !isLoading && (
              <EmptyTableRow colSpan={columns.length + (hasLeadingCell ? 1 : 0)}>
                {emptyText}
              </EmptyTableRow>
            )}
            {children}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        total={total}
        page={query['page-num']}
        pageSize={query['page-size']}
        onPage={onPage}
        onPageSize={onPageSize}
        {...pagerLabels}
      />
    </Paper>
  );
}
