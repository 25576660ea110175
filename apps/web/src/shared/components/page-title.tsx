import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The heading of a screen, with optional actions (buttons) on the right; wraps when narrow. */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Stack
      direction="row"
      alignItems="center"
      justifyContent="space-between"
      flexWrap="wrap"
      gap={1}
      sx={{ mb: 2 }}
    >
      <Typography variant="h5" component="h1">
        {children}
      </Typography>
      {actions ? (
        <Stack direction="row" gap={1} flexWrap="wrap">
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
