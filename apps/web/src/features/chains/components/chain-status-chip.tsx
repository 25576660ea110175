import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { RowChip } from '@signet/contracts/chain-rules';

export type ChainChip = RowChip | 'viewOnly' | 'inProgress';

const colors: Record<ChainChip, ChipProps['color']> = {
  completed: 'success',
  approved: 'success',
  todo: 'warning',
  pending: 'info',
  failed: 'error',
  declined: 'error',
  withdrawn: 'default',
  expired: 'error',
  viewOnly: 'default',
  inProgress: 'secondary',
};

/** A chain's chip for the asking user (documents §4 row chip). */
export function ChainStatusChip({ chip }: { chip: ChainChip }) {
  const { t } = useTranslation('chains');
  return (
    <Chip
      size="small"
      color={colors[chip]}
      label={t(`chip.${chip}`)}
      data-testid="chain-chip"
      data-chip={chip}
    />
  );
}
