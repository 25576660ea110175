import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Role } from '@signet/contracts/users';

/** The user's roles, read only; `user`, which everyone holds, first. */
export function RolesCard({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('profile');
  const shown: readonly (Role | 'spectator')[] = roles.some((role) => role !== 'user')
    ? roles
    : [...roles, 'spectator'];
  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-roles-title">
      <CardContent>
        <Typography id="profile-roles-title" variant="h6" component="h2" gutterBottom>
          {t('roles.title')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="profile-roles">
          {shown.map((role) => (
            <Chip
              key={role}
              label={t(`roles.${role}`)}
              color={role === 'admin' ? 'secondary' : 'default'}
              variant={role === 'spectator' ? 'outlined' : 'filled'}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
