import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/components/page-title';
import { RetryAlert } from '../../../shared/components/retry-alert';
import { useAdminProps } from '../api/admin-props';
import { BackgroundForm } from '../components/background-form';

/** `/signature-background` (admin): the image and colour behind every visible signature. */
export default function SignatureBackgroundPage() {
  const { t } = useTranslation('signatureProfiles');
  const props = useAdminProps();
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle>{t('background.title')}</PageTitle>
      {props.data ? (
        <BackgroundForm saved={props.data} />
      ) : props.isError ? (
        <RetryAlert onRetry={() => props.refetch()}>{t('background.loadError')}</RetryAlert>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
    </Stack>
  );
}
