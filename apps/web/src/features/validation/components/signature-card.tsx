import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignatureValidation } from '@signet/contracts/validations';
import { formatDateTime } from '../../../shared/format/format-date-time';
import { timestampStatus } from './timestamp-status';
import { VerdictChip } from './verdict-chip';

/** The common name of a subject (`CN=Ann, C=HU` → `Ann`), else the whole subject. */
function commonName(subject: string): string {
  return /(?:^|, )CN=(.*?)(?=, [A-Za-z][A-Za-z0-9.]*=|$)/.exec(subject)?.[1] ?? subject;
}

const when = (at: string | null) => (at ? formatDateTime(at) : '—');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} gap={{ xs: 0, sm: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 170, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word', minWidth: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** One signature: who, when, the verdict and its reasons at a glance; the details expand. */
export function SignatureCard({
  signature,
  index,
}: {
  signature: SignatureValidation;
  index: number;
}) {
  const { t } = useTranslation('validation');
  const s = signature;
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const attacks = Object.entries(s.attacks).flatMap(([name, found]) => (found ? [name] : []));
  return (
    <Accordion variant="outlined" disableGutters data-testid="validation-signature">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack spacing={0.5} sx={{ minWidth: 0, width: '100%' }}>
          <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
            <VerdictChip verdict={s.verdict} testId="validation-signature-verdict" />
            <Typography
              sx={{ fontWeight: 600, wordBreak: 'break-word' }}
              data-testid="validation-signer"
            >
              {s.signer ? commonName(s.signer.subject) : t('unknownSigner')}
            </Typography>
            {s.level ? <Chip size="small" variant="outlined" label={s.level} /> : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('signatureLine', { index: index + 1, name: s.name, time: when(s.signingTime) })}
          </Typography>
          {s.reasons.map((reason) => (
            <Typography
              key={reason}
              variant="body2"
              color={s.verdict === 'INVALID' ? 'error' : 'warning.main'}
            >
              {t(`reasons.${reason}`)}
            </Typography>
          ))}
          {attacks.length > 0 ? (
            <Stack direction="row" gap={0.5} flexWrap="wrap">
              {attacks.map((attack) => (
                <Chip
                  key={attack}
                  size="small"
                  color="error"
                  label={attack}
                  data-testid={`validation-attack-${attack}`}
                />
              ))}
            </Stack>
          ) : null}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={0.75}>
          {s.signer ? (
            <>
              <Row label={t('fields.subject')}>{s.signer.subject}</Row>
              <Row label={t('fields.issuer')}>{s.signer.issuer}</Row>
              <Row label={t('fields.serial')}>{s.signer.serialNumber}</Row>
              <Row label={t('fields.validity')}>
                {when(s.signer.notBefore)} – {when(s.signer.notAfter)}
              </Row>
            </>
          ) : null}
          <Row label={t('fields.claimedTime')}>{when(s.claimedSigningTime)}</Row>
          <Row label={t('fields.timestamp')}>
            {s.timestamp
              ? `${when(s.timestamp.time)} · ${s.timestamp.tsa ?? '—'} · ${timestampStatus(t, s.timestamp)}`
              : t('none')}
          </Row>
          <Row label={t('fields.algorithm')}>{s.algorithm ?? '—'}</Row>
          <Row label={t('fields.digest')}>{yesNo(s.integrity.digestMatches)}</Row>
          <Row label={t('fields.signatureValue')}>{yesNo(s.integrity.signatureValid)}</Row>
          <Row label={t('fields.trust')}>
            {s.trust.trusted ? t('trusted') : t('untrusted')}
            {s.trust.chain.length > 0 ? ` · ${s.trust.chain.map(commonName).join(' → ')}` : ''}
          </Row>
          <Row label={t('fields.revocation')}>
            {t(`revocation.${s.revocation.status}`)} ·{' '}
            {t(`revocationSource.${s.revocation.source}`)}
            {s.revocation.revokedAt ? ` · ${when(s.revocation.revokedAt)}` : ''}
          </Row>
          <Row label={t('fields.level')}>{s.level ?? '—'}</Row>
          <Row label={t('fields.coverage')}>
            {/* A container's signature names the documents its manifest covers unchanged. */}
            {s.coveredDocuments
              ? s.coveredDocuments.join(', ') || t('none')
              : s.coversWholeDocument
                ? t('wholeDocument')
                : t('notWholeDocument')}
          </Row>
          <Row label={t('fields.attacks')}>
            {attacks.length > 0
              ? attacks.join(', ')
              : s.reasons.includes('TRAIL_PAGES_CHANGED')
                ? t('noAttackPagesChanged')
                : t('none')}
          </Row>
          {s.laterUpdates.map((update) => (
            <Row key={update.offset} label={t('fields.laterUpdate')}>
              {update.allowed
                ? t('allowedUpdate')
                : [
                    ...(update.trail ? [t(`trailUpdates.${update.trail}`)] : []),
                    ...update.modifications,
                  ].join('; ')}
            </Row>
          ))}
          {s.problems.length > 0 ? (
            <Alert
              severity={s.verdict === 'INVALID' ? 'error' : 'warning'}
              sx={{ wordBreak: 'break-word' }}
            >
              {s.problems.join(' · ')}
            </Alert>
          ) : null}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
