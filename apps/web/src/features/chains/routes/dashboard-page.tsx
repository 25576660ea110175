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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../../../shared/api/error-message';
import { FileDropZone } from '../../../shared/components/file-drop-zone';
import { PageTitle } from '../../../shared/components/page-title';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useUserStats } from '../api/get-user-stats';
import { chainRoutes, personName } from '../chain-view';
import { useChainDialogs } from '../components/chain-dialogs';
import { ChainRowStrip } from '../components/chain-row-strip';
import { OnboardingBanner } from '../components/onboarding-banner';
import { StatTile } from '../components/stat-tile';
import type { UploadState } from '../components/upload-chain-dialog';
import { useChainCommands } from '../use-chain-commands';

const pdfType = 'application/pdf';
const imageTypes = ['image/png', 'image/jpeg'];

/**
 * /dashboard (documents §2): the onboarding banner, workflow tiles, the four counts with links to
 * their lists, the todo / pending / signed rows, and a drop zone that starts a chain from a PDF
 * (or a signature profile from an image). Chain events refresh counts and rows live.
 */
export default function DashboardPage() {
  const { t } = useTranslation('chains');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const stats = useUserStats();
  const commands = useChainCommands();
  const userId = user?.id ?? '';
  const { openDialog, dialog } = useChainDialogs(userId, commands);
  const [dropError, setDropError] = useState<string | null>(null);
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

  const takeDrop = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setDropError(null);
    if (file.type === pdfType && isCreator) {
      const state: UploadState = { file };
      void navigate(chainRoutes.upload, { state });
    } else if (imageTypes.includes(file.type)) {
      void navigate('/signatureProfiles/add', { state: { file } });
    } else {
      setDropError(isCreator ? t('dashboard.dropInvalid') : t('noCreatorRole'));
    }
  };

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
      {!isAdmin && (
        <>
          <FileDropZone
            accept={[pdfType, ...imageTypes]}
            onFiles={takeDrop}
            text={isCreator ? t('dashboard.drop') : t('dashboard.dropImage')}
            chooseLabel={t('uploadDialog.choose')}
            testId="dashboard-drop"
          />
          {dropError && <Alert severity="error">{dropError}</Alert>}
          <ChainRowStrip filter="TODO" userId={userId} commands={commands} onOpen={openDialog} />
          <ChainRowStrip filter="PENDING" userId={userId} commands={commands} onOpen={openDialog} />
          <ChainRowStrip filter="SIGNED" userId={userId} commands={commands} onOpen={openDialog} />
        </>
      )}
      {dialog}
    </Stack>
  );
}
