import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/components/page-title';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import { ComingSoonPage } from './coming-soon-page';

/** Admin pages the remote signing service provides at its public URL (users rSSP, devices). */
export function ExternalPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('app');
  const { rsspPublicUrl } = useRemoteConfig();
  if (!rsspPublicUrl) return <ComingSoonPage titleKey={titleKey} />;
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Stack spacing={2} alignItems="center" textAlign="center">
          <Typography>{t('externalPage.text')}</Typography>
          <Button
            variant="contained"
            endIcon={<OpenInNew />}
            href={rsspPublicUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('externalPage.open')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
