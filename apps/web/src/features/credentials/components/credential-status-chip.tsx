import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Credential } from '@signet/contracts/credentials';

/** ACTIVATED is "enabled", anything else "inactive" (spec platform §2); a blocked key says so. */
export function CredentialStatusChip({ credential }: { credential: Credential }) {
  const { t } = useTranslation('credentials');
  const isActivated = credential.status === 'ACTIVATED';
  return (
    <Stack direction="row" spacing={0.5} data-testid="credential-status">
      <Chip
        size="small"
        color={isActivated ? 'success' : 'default'}
        variant={isActivated ? 'filled' : 'outlined'}
        label={isActivated ? t('status.enabled') : t('status.inactive')}
      />
      {(credential.keyBlocked || credential.pukBlocked) && (
        <Chip size="small" color="error" label={t('status.keyBlocked')} />
      )}
    </Stack>
  );
}
