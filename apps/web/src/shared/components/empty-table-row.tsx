import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EmptyTableRowProps {
  colSpan: number;
  children: ReactNode;
}

/** The one row of a list table that has nothing to show. */
export function EmptyTableRow({ colSpan, children }: EmptyTableRowProps) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {children}
        </Typography>
      </TableCell>
    </TableRow>
  );
}
