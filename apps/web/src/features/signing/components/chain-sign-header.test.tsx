import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { User } from '@signet/contracts/users';
import { createI18n } from '../../../app/i18n';
import { createApiClient } from '../../../shared/api/api-client';
import { ApiClientProvider } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';
import { AuthContext, type AuthContextValue } from '../../../shared/auth/auth-context';
import { ToastProvider } from '../../../shared/components/toast';
import { ChainSignHeader } from './chain-sign-header';

const alice = {
  id: '00000000-0000-4000-8000-00000000a11c',
  firstName: 'Alice',
  lastName: 'Walker',
  email: 'alice@example.com',
};
const bob = { ...alice, id: '00000000-0000-4000-8000-000000000b0b', firstName: 'Bob' };

const chain = {
  id: '00000000-0000-4000-8000-000000000001',
  createdBy: alice,
  comment: null,
  origDocument: null,
  batch: { id: '00000000-0000-4000-8000-000000000002', name: 'Lease.pdf', documents: [] },
  signedDocument: null,
  signingTrailMode: 'NONE',
  signatures: [],
} as Partial<Chain> as Chain;

/** The sign screen's intro as the signed-in `viewer` reads it. */
async function introFor(viewer: typeof alice, language: 'en' | 'hu' = 'en') {
  const i18n = await createI18n(language);
  const queries = new QueryClient();
  queries.setQueryData<User>(queryKeys.currentUser, { ...viewer } as Partial<User> as User);
  const client = createApiClient({
    config: { rsspApiUrl: '', rdssApiUrl: '', networkTimeoutMillis: 1000 },
    tokens: { getAccessToken: () => undefined, renewAccessToken: () => Promise.resolve(undefined) },
    fetch: () => Promise.reject(new Error('No network in this test')),
  });
  const auth = { isAuthenticated: true, isLoading: false, user: null } as AuthContextValue;
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queries}>
        <ApiClientProvider client={client}>
          <AuthContext.Provider value={auth}>
            <ToastProvider>
              <ChainSignHeader
                chain={chain}
                title="Sign"
                intro={(names) => i18n.t('intro', { ...names, ns: 'signing' })}
              />
            </ToastProvider>
          </AuthContext.Provider>
        </ApiClientProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return /<p[^>]*>([^<]*Lease\.pdf[^<]*)<\/p>/.exec(html)?.[1];
}

describe('the sign screen on the creator’s own chain (issue 38 §12)', () => {
  it('does not tell Alice that Alice asks her to sign', async () => {
    const own = await introFor(alice);
    expect(own).toBeDefined();
    expect(own).not.toContain('Alice Walker');
    expect(own).not.toMatch(/asks you/);
    expect(own).toContain('Lease.pdf');
    expect(await introFor(alice, 'hu')).not.toContain('Alice Walker');
  });

  it('tells another signer who asks them', async () => {
    expect(await introFor(bob)).toBe('Alice Walker asks you to sign Lease.pdf.');
  });

  it.each(['en', 'hu'] as const)(
    '%s: every screen that names the asker has its own sentence for the creator',
    async (language) => {
      const i18n = await createI18n(language);
      const names = { creator: 'Alice Walker', fileName: 'Lease.pdf', count: 2 };
      for (const [ns, key] of [
        ['signing', 'intro'],
        ['signing', 'clerk.intro'],
        ['signing', 'container.intro'],
        ['chains', 'approve.intro'],
      ] as const) {
        const asked = i18n.t(key, { ...names, ns });
        const own = i18n.t(key, { ...names, ns, context: 'own' });
        expect(asked, key).toContain('Alice Walker');
        expect(own, key).not.toContain('Alice Walker');
        expect(own, key).toContain('Lease.pdf');
      }
    },
  );
});
