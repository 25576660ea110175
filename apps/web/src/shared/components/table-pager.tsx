import TablePagination from '@mui/material/TablePagination';
import type { TablePaginationProps } from '@mui/material/TablePagination';
import { pageSizes } from '@signet/contracts/limits';

export type PageSize = (typeof pageSizes)[number];

export interface TablePagerProps {
  total: number;
  /** Zero-based page number. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
  labelRowsPerPage: string;
  labelDisplayedRows: TablePaginationProps['labelDisplayedRows'];
  getItemAriaLabel?: TablePaginationProps['getItemAriaLabel'];
}

/** The pager under a list table, with the allowed page sizes (10, 25, 50). */
export function TablePager({
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
  labelRowsPerPage,
  labelDisplayedRows,
  getItemAriaLabel,
}: TablePagerProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, nextPage) => onPage(nextPage)}
      onRowsPerPageChange={(event) => {
        const size = Number(event.target.value);
        const allowed = pageSizes.find((candidate) => candidate === size);
        if (allowed) onPageSize(allowed);
      }}
      labelRowsPerPage={labelRowsPerPage}
      labelDisplayedRows={labelDisplayedRows}
      getItemAriaLabel={getItemAriaLabel}
    />
  );
}
