import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { PageTitle } from '../../../shared/components/page-title';
import { useToast } from '../../../shared/components/toast';
import { useConsentRequest, useDecideConsent } from '../api/csc-api';
import { ConsentSummary } from '../components/consent-summary';

/**
 * `/csc-consent/:requestId`: the CSC API's oauth2/authorize sends the browser here; the user is
 * signed in as everywhere in the app, allows or denies, and the server answers where to go: the
 * client's registered redirect URI with the code (or access_denied). Under prompt=none the page
 * answers at once: a code when the user granted this client before, else consent_required.
 */
export default function CscConsentPage() {
  const { t } = useTranslation('csc');
  const toast = useToast();
  const { requestId = '' } = useParams();
  const request = useConsentRequest(requestId);
  const decide = useDecideConsent(requestId);
  const silent = new URLSearchParams(useLocation().search).get('prompt') === 'none';
  const answer = async (allow: boolean, quietly = false) => {
    try {
      const { redirectTo } = await decide.mutateAsync({ allow, ...(quietly ? { silent } : {}) });
      window.location.replace(redirectTo);
    } catch (error) {
      toast.error(error);
    }
  };
  const answered = useRef(false);
  useEffect(() => {
    if (!silent || answered.current || !request.isSuccess) return;
    answered.current = true;
    void answer(true, true);
  });
  if (request.isPending || (silent && !request.isError)) {
    return <CircularProgress aria-label="…" />;
  }
  if (request.isError) return <Alert severity="warning">{t('consent.expired')}</Alert>;
  const { data } = request;
  return (
    <Stack spacing={2} sx={{ maxWidth: 560, minWidth: 0 }}>
      <PageTitle>{t('consent.title')}</PageTitle>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1} data-testid="csc-consent">
          <ConsentSummary request={data} />
          <Stack direction="row" gap={1} flexWrap="wrap">
            <Button variant="contained" onClick={() => answer(true)} disabled={decide.isPending}>
              {t('consent.allow')}
            </Button>
            <Button onClick={() => answer(false)} disabled={decide.isPending}>
              {t('consent.deny')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
