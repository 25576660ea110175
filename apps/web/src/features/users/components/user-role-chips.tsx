import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Role } from '@signet/contracts/users';
import { toDisplayedRoles } from '../user-roles';

export function UserRoleChips({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('users');
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {toDisplayedRoles(roles).map((role) => (
        <Chip
          key={role}
          size="small"
          variant={role === 'spectator' ? 'outlined' : 'filled'}
          color={role === 'admin' ? 'secondary' : 'default'}
          label={t(`roles.${role}`)}
        />
      ))}
    </Stack>
  );
}
