import type { CscConsentRequest } from '@signet/contracts/csc';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../app/i18n';
import { ConsentSummary } from './consent-summary';

/** The consent page's words about a request, as the browser would show them. */
async function summary(language: 'en' | 'hu', request: Partial<CscConsentRequest>) {
  const i18n = await createI18n(language);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <ConsentSummary
        request={{
          id: '00000000-0000-4000-8000-000000000000',
          clientName: 'Signet',
          clientRegistration: 'dynamic',
          redirectOrigin: 'https://client.example',
          scope: 'service',
          credential: null,
          numSignatures: null,
          ...request,
        }}
      />
    </I18nextProvider>,
  );
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the CSC consent summary', () => {
  it('scope=service: seeing the keys and asking for signatures with the PIN, in English and Hungarian', async () => {
    const en = await summary('en', {});
    expect(en).toContain('see your signing keys and their certificates');
    expect(en).toContain('request signatures with them using your key password (PIN)');
    const hu = await summary('hu', {});
    expect(hu).toContain('látni szeretné az aláíró kulcsait és tanúsítványaikat');
    expect(hu).toContain('aláírásokat kérne velük a kulcs jelszavával (PIN)');
  });

  it("says whose client it is: a name anyone registered never reads as Signet's own words", async () => {
    const en = await summary('en', {});
    expect(en).not.toMatch(/^Signet asks/);
    expect(en).toMatch(/^“Signet”, a client that anyone could have registered here/);
    expect(en).toContain('Signet does not vouch for its name');
    const hu = await summary('hu', {});
    expect(hu).toMatch(/^A\(z\) „Signet” nevű kliens, amelyet bárki regisztrálhatott itt/);
    const admins = await summary('en', {
      clientName: 'Acme Sign',
      clientRegistration: 'administrator',
      scope: 'credential',
      credential: { id: 'c1', description: 'My key' },
      numSignatures: 2,
    });
    expect(admins).toMatch(
      /^“Acme Sign”, a client registered by the administrator of this Signet, asks to sign with your key “My key”\./,
    );
    expect(admins).toContain('For 2 signatures.');
    expect(
      await summary('hu', { clientName: 'Acme Sign', clientRegistration: 'administrator' }),
    ).toMatch(/^A\(z\) „Acme Sign” nevű kliens, amelyet e Signet rendszergazdája regisztrált,/);
  });
});
