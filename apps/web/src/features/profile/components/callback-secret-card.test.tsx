import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { CallbackSecretStatus } from '@signet/contracts/callbacks';
import { createI18n } from '../../../app/i18n';
import type { ApiClient } from '../../../shared/api/api-client';
import { ApiClientProvider } from '../../../shared/api/api-client-context';
import { ToastProvider } from '../../../shared/components/toast';
import { CallbackSecretCard } from './callback-secret-card';

/** A client no test call reaches: the card's status is in the query cache already. */
const unreachable = new Proxy({} as ApiClient, {
  get: () => () => Promise.reject(new Error('no calls in this test')),
});

/** The card's text, as the browser first gets it, for a user whose status is `status`. */
async function cardText(language: 'en' | 'hu', status: CallbackSecretStatus): Promise<string> {
  const i18n = await createI18n(language);
  const queries = new QueryClient();
  queries.setQueryData(['callback-secret'], status);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queries}>
        <ApiClientProvider client={unreachable}>
          <ToastProvider>
            <CallbackSecretCard />
          </ToastProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');
}

describe('the callback secret card (decision 054)', () => {
  it('says whose secret signs the callbacks, and offers to make or replace it', async () => {
    const shared = await cardText('en', {
      hasOwnSecret: false,
      createdAt: null,
      callbacksEnabled: true,
    });
    expect(shared).toContain("Signed with the server's shared secret.");
    expect(shared).toContain('Make a secret');
    expect(shared).not.toContain('Remove');
    const own = await cardText('en', {
      hasOwnSecret: true,
      createdAt: '2026-11-29T10:00:00.000Z',
      callbacksEnabled: true,
    });
    expect(own).toContain('Signed with your own secret, made');
    expect(own).toContain('Make a new secret');
    expect(own).toContain('Remove');
  });

  it('says so in Hungarian, and when callbacks are off on the server', async () => {
    const off = await cardText('hu', {
      hasOwnSecret: false,
      createdAt: null,
      callbacksEnabled: false,
    });
    expect(off).toContain('A szerver közös titkával aláírva.');
    expect(off).toContain('nincsenek bekapcsolva');
    expect(off).toContain('Titok létrehozása');
  });
});
