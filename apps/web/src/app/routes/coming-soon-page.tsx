import Construction from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../shared/components/page-title';
import { paths } from '../paths';

/** Placeholder of a screen that a later issue builds: its translated title, never a broken page. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('app');
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Paper variant="outlined" sx={{ p: 4 }} data-testid="coming-soon">
        <Stack spacing={2} alignItems="center" textAlign="center">
          <Construction color="action" sx={{ fontSize: 48 }} />
          <Typography>{t('comingSoon.text')}</Typography>
          <Button component={Link} to={paths.dashboard}>
            {t('comingSoon.toDashboard')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
