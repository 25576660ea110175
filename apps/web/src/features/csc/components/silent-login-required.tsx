import { useEffect } from 'react';
import { z } from 'zod';
import { FullPageSpinner } from '../../../app/providers/remote-config-gate';

/** `/csc-consent/{id}?prompt=none`: the consent page asked to answer without showing itself. */
export function silentConsentRequest(location: { pathname: string; search: string }) {
  const match = /^\/csc-consent\/([0-9a-f-]{36})$/i.exec(location.pathname);
  const silent = new URLSearchParams(location.search).get('prompt') === 'none';
  return match?.[1] && silent ? match[1] : null;
}

const answerSchema = z.object({ redirectTo: z.string().url() });

/**
 * prompt=none with nobody signed in (decision 043): the request ends with login_required at the
 * client's registered redirect URI (the server answers where), so the client shows its login.
 */
export function SilentLoginRequired({ requestId }: { requestId: string }) {
  useEffect(() => {
    void (async () => {
      const response = await fetch('/csc/v2/oauth2/login_required', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requestId }),
      });
      const answer = answerSchema.safeParse(await response.json().catch(() => null));
      if (answer.success) window.location.replace(answer.data.redirectTo);
    })();
  }, [requestId]);
  return <FullPageSpinner />;
}
