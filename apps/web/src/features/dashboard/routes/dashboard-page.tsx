import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassTop from '@mui/icons-material/HourglassTop';
import PendingActions from '@mui/icons-material/PendingActions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/error-message';
import { PageTitle } from '../../../shared/components/page-title';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useUserStats } from '../api/get-user-stats';
import { StatTile } from '../components/stat-tile';

/** /dashboard: a welcome and the four document counts. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const { data: user } = useCurrentUser();
  const stats = useUserStats();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email;

  const tiles = [
    { key: 'pending', value: stats.data?.pendingCount, icon: <HourglassTop color="info" /> },
    { key: 'todo', value: stats.data?.todoCount, icon: <PendingActions color="warning" /> },
    { key: 'failed', value: stats.data?.failedCount, icon: <ErrorIcon color="error" /> },
    { key: 'signed', value: stats.data?.signedCount, icon: <CheckCircle color="success" /> },
  ] as const;

  return (
    <>
      <PageTitle>{name ? t('title', { name }) : t('titleNoName')}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('subtitle')}
      </Typography>
      {stats.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeError(stats.error, tc)}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {tiles.map((tile) => (
          <StatTile
            key={tile.key}
            testId={`stat-${tile.key}`}
            label={t(`tiles.${tile.key}`)}
            value={stats.isError ? 0 : tile.value}
            icon={tile.icon}
          />
        ))}
      </Box>
    </>
  );
}
