import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** Pages without the drawer and header: Welcome, callbacks, error pages. */
export function BlankLayout() {
  return (
    <Box
      component="main"
      sx={{ flex: '1 0 auto', display: 'grid', placeItems: 'center', p: { xs: 2, sm: 3 } }}
    >
      <Outlet />
    </Box>
  );
}
