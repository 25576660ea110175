import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rowChip } from '@signet/contracts/chain-rules';
import type { ChainFilter } from '@signet/contracts/chain-rules';
import { useOwnChains } from '../api/get-own-chains';
import { chainRoutes } from '../chain-view';
import { ruleChainOf } from '@signet/contracts/chain-view-rules';
import type { ChainCommands } from '../use-chain-commands';
import type { ChainDialogKind } from './chain-row-actions';
import { ChainRowActions } from './chain-row-actions';
import { ChainStatusChip } from './chain-status-chip';
import { ChainThumbnail } from './chain-thumbnail';
import type { Chain } from '@signet/contracts/chains';

/** Chains a dashboard row shows (documents §9). */
const rowSize = 10;

interface ChainRowStripProps {
  filter: Exclude<ChainFilter, 'ALL'>;
  userId: string;
  commands: ChainCommands;
  onOpen: (kind: ChainDialogKind, chain: Chain) => void;
}

/** One of the dashboard's thumbnail rows: up to 10 chains of a filter and a see-all link. */
export function ChainRowStrip({ filter, userId, commands, onOpen }: ChainRowStripProps) {
  const { t } = useTranslation('chains');
  const chains = useOwnChains({
    filter,
    'page-num': 1,
    'page-size': rowSize,
    'sort-field': 'updatedAt',
    'sort-order': 'desc',
  });
  const content = chains.data?.content ?? [];
  return (
    <Stack spacing={1} data-testid={`dashboard-row-${filter}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t(`filters.${filter}`)}
        </Typography>
        <Button component={Link} to={chainRoutes.list(filter)} size="small">
          {t('dashboard.seeAll')}
        </Button>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: 'minmax(200px, 220px)',
          gap: 2,
          overflowX: 'auto',
          pb: 1,
        }}
      >
        {chains.isPending && <Skeleton variant="rounded" height={240} />}
        {content.map((chain) => (
          <ChainThumbnail
            key={chain.id}
            chain={chain}
            chip={<ChainStatusChip chip={rowChip(ruleChainOf(chain), userId)} />}
            actions={
              <ChainRowActions chain={chain} userId={userId} commands={commands} onOpen={onOpen} />
            }
          />
        ))}
      </Box>
      {chains.data?.total === 0 && (
        <Typography color="text.secondary">{t('dashboard.emptyRow')}</Typography>
      )}
    </Stack>
  );
}
