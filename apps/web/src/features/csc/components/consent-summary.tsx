import Typography from '@mui/material/Typography';
import type { CscConsentRequest } from '@signet/contracts/csc';
import { useTranslation } from 'react-i18next';

/** What a CSC client asks of the signed-in user, as the consent page states it. */
export function ConsentSummary({ request }: { request: CscConsentRequest }) {
  const { t } = useTranslation('csc');
  // The client's name is its own words: always quoted, and said whose client it is.
  const client = t(
    request.clientRegistration === 'administrator'
      ? 'consent.clientAdministrator'
      : 'consent.clientDynamic',
    { name: request.clientName },
  );
  return (
    <>
      <Typography sx={{ wordBreak: 'break-word' }}>
        {request.scope === 'service'
          ? t('consent.service', { client })
          : t('consent.credential', {
              client,
              credential: request.credential?.description ?? t('consent.unknownCredential'),
            })}
      </Typography>
      {request.numSignatures !== null ? (
        <Typography>{t('consent.signatures', { count: request.numSignatures })}</Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {t('consent.returnTo', { origin: request.redirectOrigin })}
      </Typography>
    </>
  );
}
