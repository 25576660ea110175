import CheckCircle from '@mui/icons-material/CheckCircle';
import DrawIcon from '@mui/icons-material/Draw';
import ErrorIcon from '@mui/icons-material/Error';
import GestureIcon from '@mui/icons-material/Gesture';
import HourglassTop from '@mui/icons-material/HourglassTop';
import PendingActions from '@mui/icons-material/PendingActions';
import PhonelinkIcon from '@mui/icons-material/PhonelinkSetup';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../shared/api/error-message';
import { lazyComponent } from '../../../shared/components/lazy-component';
import { PageTitle } from '../../../shared/components/page-title';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useUserStats } from '../api/get-user-stats';
import { chainRoutes, personName } from '../chain-view';
import { OnboardingBanner } from '../components/onboarding-banner';
import { StatTile } from '../components/stat-tile';

const DashboardRows = lazyComponent(() => import('../components/dashboard-rows'), {
  suspends: false,
});

/**
 * /dashboard (documents §2): the onboarding banner, workflow tiles, the four counts with links to
 * their lists, then (`DashboardRows`, loaded apart) a drop zone that starts a chain from a PDF (or
 * a signature profile from an image) and the todo / pending / signed rows. Chain events refresh
 * counts and rows live.
 */
export default function DashboardPage() {
  const { t } = useTranslation('chains');
  const { t: tc } = useTranslation('common');
  const { data: user } = useCurrentUser();
  const stats = useUserStats();
  const name = user && personName(user);
  const isCreator = user?.roles.includes('creator') ?? false;
  const isAdmin = user?.roles.includes('admin') ?? false;

  const tiles = [
    {
      key: 'pending',
      filter: 'PENDING',
      value: stats.data?.pendingCount,
      icon: <HourglassTop color="info" />,
    },
    {
      key: 'todo',
      filter: 'TODO',
      value: stats.data?.todoCount,
      icon: <PendingActions color="warning" />,
    },
    {
      key: 'failed',
      filter: 'FAILED',
      value: stats.data?.failedCount,
      icon: <ErrorIcon color="error" />,
    },
    {
      key: 'signed',
      filter: 'SIGNED',
      value: stats.data?.signedCount,
      icon: <CheckCircle color="success" />,
    },
  ] as const;
  const workflows = [
    { key: 'sign', to: chainRoutes.list('TODO'), icon: <DrawIcon />, show: true },
    { key: 'upload', to: chainRoutes.upload, icon: <UploadFileIcon />, show: isCreator },
    { key: 'profile', to: '/signatureProfiles/add', icon: <GestureIcon />, show: true },
    { key: 'device', to: '/user/profile/devices/add', icon: <PhonelinkIcon />, show: true },
  ] as const;

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Box>
        <PageTitle>{name ? t('dashboard.title', { name }) : t('dashboard.titleNoName')}</PageTitle>
        <Typography color="text.secondary">{t('dashboard.subtitle')}</Typography>
      </Box>
      {user && <OnboardingBanner user={user} />}
      {stats.isError && <Alert severity="error">{describeError(stats.error, tc)}</Alert>}
      {!isAdmin && (
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          }}
        >
          {workflows
            .filter((w) => w.show)
            .map((w) => (
              <Button
                key={w.key}
                component={Link}
                to={w.to}
                variant="outlined"
                startIcon={w.icon}
                sx={{ justifyContent: 'flex-start', py: 1.5 }}
                data-testid={`workflow-${w.key}`}
              >
                {t(`dashboard.workflows.${w.key}`)}
              </Button>
            ))}
        </Box>
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
            label={t(`dashboard.tiles.${tile.key}`)}
            value={stats.isError ? 0 : tile.value}
            icon={tile.icon}
            link={
              isAdmin ? undefined : (
                <Button
                  component={Link}
                  to={chainRoutes.list(tile.filter)}
                  size="small"
                  sx={{ px: 0 }}
                >
                  {t('dashboard.see')}
                </Button>
              )
            }
          />
        ))}
      </Box>
      {!isAdmin && <DashboardRows userId={user?.id ?? ''} isCreator={isCreator} />}
    </Stack>
  );
}
