import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A signing screen's options beside its preview; one column below 900 px. */
export function SigningColumns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '340px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** The blue note of D§2: a credential cannot sign yet (not activated, no certificate or device). */
export function CredentialNote() {
  const { t } = useTranslation('signing');
  return (
    <Alert severity="info" data-testid="credential-note">
      {t('note.text')}{' '}
      <Link component={RouterLink} to="/credentials">
        {t('note.link')}
      </Link>
    </Alert>
  );
}
