import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Credential } from '@signet/contracts/credentials';
import { formatDateTime } from '../../../shared/format/format-date-time';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(110px, max-content) 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The expanded row: key data and the first certificate (spec platform §2). */
export function CredentialDetails({
  credential,
  showListColumns,
}: {
  credential: Credential;
  /** On narrow screens the columns that were left out are shown here. */
  showListColumns: boolean;
}) {
  const { t } = useTranslation('credentials');
  const certificate = credential.certChain[0];
  const sizeOrCurve =
    credential.rsaKeySize !== null
      ? t('details.bits', { size: credential.rsaKeySize })
      : (credential.ecCurveName ?? '—');
  return (
    <Box
      data-testid="credential-details"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: 2,
        py: 1.5,
      }}
    >
      <Section title={t('details.key')}>
        <Item label={t('details.algorithm')}>{t(`keyAlg.${credential.keyAlg}`)}</Item>
        <Item label={t('details.sizeOrCurve')}>{sizeOrCurve}</Item>
        <Item label={t('details.purpose')}>{t(`keyPurpose.${credential.keyPurpose}`)}</Item>
        {showListColumns && (
          <Item label={t('columns.authMode')}>{t(`authMode.${credential.authMode}`)}</Item>
        )}
        <Item label={t('details.preauthQuantity')}>{credential.preauthQuantity ?? '—'}</Item>
        <Item label={t('details.preauthUntil')}>{formatDateTime(credential.preauthUntil)}</Item>
      </Section>
      <Section title={t('details.certificate')}>
        {certificate ? (
          <>
            <Item label={t('details.issuedTo')}>{certificate.issuedTo}</Item>
            <Item label={t('details.issuedBy')}>{certificate.issuedBy}</Item>
            <Item label={t('details.validFrom')}>{formatDateTime(certificate.validFrom)}</Item>
            <Item label={t('details.validTo')}>{formatDateTime(certificate.validTo)}</Item>
            <Item label={t('details.serialNumber')}>
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {certificate.serialNum}
              </Box>
            </Item>
          </>
        ) : (
          <Item label="">{t('details.noCertificate')}</Item>
        )}
      </Section>
    </Box>
  );
}
