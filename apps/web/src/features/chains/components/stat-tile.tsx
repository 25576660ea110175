import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StatTileProps {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  testId: string;
  /** The "see" link to the list under this count's filter. */
  link?: ReactNode;
}

/** A dashboard count with its icon and the link to its list (documents §2). */
export function StatTile({ label, value, icon, testId, link }: StatTileProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}
      data-testid={testId}
    >
      {icon}
      <div>
        <Typography variant="h4" component="p">
          {value ?? <Skeleton width={40} />}
        </Typography>
        <Typography color="text.secondary">{label}</Typography>
        {link}
      </div>
    </Paper>
  );
}
