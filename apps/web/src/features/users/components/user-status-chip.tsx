import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@signet/contracts/users';

const statusColor = { ENABLED: 'success', SUSPENDED: 'warning' } as const;

export function UserStatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation('users');
  return (
    <Chip
      size="small"
      color={statusColor[status]}
      label={t(`status.${status}`)}
      data-testid="user-status"
    />
  );
}
