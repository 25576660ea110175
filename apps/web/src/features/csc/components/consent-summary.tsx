import Typography from '@mui/material/Typography';
import type { CscConsentRequest } from '@signet/contracts/csc';
import { useTranslation } from 'react-i18next';

/** What a CSC client asks of the signed-in user, as the consent page states it. */
export function ConsentSummary({ request }: { request: CscConsentRequest }) {
  const { t } = useTranslation('csc');
  return (
    <>
      <Typography sx={{ wordBreak: 'break-word' }}>
        {request.scope === 'service'
          ? t('consent.service', { client: request.clientName })
          : t('consent.credential', {
              client: request.clientName,
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
