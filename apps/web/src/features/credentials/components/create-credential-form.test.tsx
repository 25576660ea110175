import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import {
  creatableAuthModes,
  creatableKeyAlgs,
  creatableKeyPurposes,
  enrollmentModes,
  keyPurposesByKeyAlg,
  rsaKeySizes,
  sphincsParameterSets,
  type CredentialAlgorithms,
} from '@signet/contracts/credentials';
import { createI18n } from '../../../app/i18n';
import { createApiClient } from '../../../shared/api/api-client';
import { ApiClientProvider } from '../../../shared/api/api-client-context';
import { AuthContext, type AuthContextValue } from '../../../shared/auth/auth-context';
import { ToastProvider } from '../../../shared/components/toast';
import { credentialKeys } from '../api/credential-keys';
import { keyParametersFor, newKeyDefaults } from '../new-key-defaults';
import { CreateCredentialForm } from './create-credential-form';

/** What `GET credentials/algorithms` answers on a fresh install (credential-routes.ts). */
const offered: CredentialAlgorithms = {
  keyAlgs: [...creatableKeyAlgs],
  rsaKeySizes: [...rsaKeySizes],
  ecCurveNames: ['prime256v1', 'secp384r1', 'secp521r1'],
  sphincsParameterSets: [...sphincsParameterSets],
  keyPurposes: [...creatableKeyPurposes],
  keyPurposesByKeyAlg: {
    rsa: [...keyPurposesByKeyAlg.rsa],
    ec: [...keyPurposesByKeyAlg.ec],
    'sphincs+': [...keyPurposesByKeyAlg['sphincs+']],
  },
  authModes: [...creatableAuthModes],
  enrollmentModes: [...enrollmentModes],
};

/** The new-key form as the browser first gets it, the server's choices already at hand. */
async function renderedForm() {
  const i18n = await createI18n('en');
  const queries = new QueryClient();
  queries.setQueryData(credentialKeys.algorithms, offered);
  queries.setQueryData(credentialKeys.countries('EN'), []);
  const client = createApiClient({
    config: { rsspApiUrl: '', rdssApiUrl: '', networkTimeoutMillis: 1000 },
    tokens: { getAccessToken: () => undefined, renewAccessToken: () => Promise.resolve(undefined) },
    fetch: () => Promise.reject(new Error('No network in this test')),
  });
  const auth = { isAuthenticated: false, isLoading: false, user: null } as AuthContextValue;
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queries}>
        <ApiClientProvider client={client}>
          <AuthContext.Provider value={auth}>
            <ToastProvider>
              <CreateCredentialForm userId={undefined} isAdmin={false} onDone={() => undefined} />
            </ToastProvider>
          </AuthContext.Provider>
        </ApiClientProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The value a select of the form holds (its hidden input's), by its test id. */
const selected = (html: string, testId: string) => {
  const input = new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';
  return /value="([^"]*)"/.exec(input)?.[1];
};

describe('the new-key form starts with a key a new user can use (issue 38 §5)', () => {
  it('offers a key password, the configured CA and an EC P-256 key, each chosen already', async () => {
    const html = await renderedForm();
    expect(selected(html, 'credential-auth-mode')).toBe('EXPLICIT');
    expect(selected(html, 'credential-enrollment-mode')).toBe('CMP');
    expect(selected(html, 'credential-key-alg')).toBe('ec');
    expect(selected(html, 'credential-curve')).toBe('prime256v1');
    expect(selected(html, 'credential-key-purpose')).toBe('ASYMMETRIC_SIGN');
  });

  it('takes RSA 3072 where EC is not offered, and the only parameter set of SLH-DSA', () => {
    const withoutEc = { ...offered, keyAlgs: offered.keyAlgs.filter((alg) => alg !== 'ec') };
    expect(newKeyDefaults(withoutEc)).toMatchObject({ keyAlg: 'rsa', rsaKeySize: 3072 });
    expect(keyParametersFor(offered, 'rsa')).toEqual({ rsaKeySize: 3072, ecCurveName: undefined });
    expect(keyParametersFor(offered, 'sphincs+')).toEqual({
      rsaKeySize: undefined,
      ecCurveName: 'sphincs-sha2-128f',
    });
    // A list of one is chosen, whatever it holds; a list of several without the preferred is not.
    expect(newKeyDefaults({ ...offered, authModes: ['IMPLICIT'] }).authMode).toBe('IMPLICIT');
    expect(
      keyParametersFor({ ...offered, ecCurveNames: ['secp384r1', 'secp521r1'] }, 'ec'),
    ).toEqual({ rsaKeySize: undefined, ecCurveName: undefined });
  });
});
