import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The fields of the credential dialog: two columns from `sm` up, one below. */
export function CredentialFormGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {children}
    </Box>
  );
}
