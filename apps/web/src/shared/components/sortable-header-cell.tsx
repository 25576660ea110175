import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';

type SortOrder = 'asc' | 'desc';

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
export function SortableHeaderCell<Field extends string>({
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
