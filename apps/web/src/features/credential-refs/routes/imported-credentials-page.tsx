import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/components/page-title';
import { CredentialRefList } from './credential-ref-list';

/** `/importedCredentials` (admin, P§2): every user's imported credentials, search and delete. */
export default function ImportedCredentialsPage() {
  const { t } = useTranslation('credentialRefs');
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle>{t('admin.title')}</PageTitle>
      <CredentialRefList all />
    </Stack>
  );
}
