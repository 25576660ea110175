import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { SignatureValidation } from '@signet/contracts/validations';
import { createI18n } from '../../../app/i18n';
import { SignatureCard } from './signature-card';

/** A tampered signature whose time-stamp does not verify, though its TSA chains to a trusted root. */
const tampered: SignatureValidation = {
  name: 'Signature1',
  verdict: 'INVALID',
  reasons: ['DIGEST_MISMATCH', 'TIMESTAMP_INVALID'],
  problems: [],
  signer: null,
  claimedSigningTime: '2026-11-29T05:00:00.000Z',
  timestamp: {
    time: '2026-11-29T05:00:01.000Z',
    tsa: 'CN=Signet Time-Stamping Authority',
    valid: false,
    trusted: true,
  },
  signingTime: '2026-11-29T05:00:00.000Z',
  isTimestamped: false,
  algorithm: 'ECDSA',
  subFilter: 'ETSI.CAdES.detached',
  integrity: { digestMatches: false, signatureValid: true },
  trust: { chain: [], trusted: true, certificateValidAtSigningTime: true },
  revocation: { status: 'GOOD', source: 'ONLINE', revokedAt: null, producedAt: null },
  level: null,
  coversWholeDocument: true,
  page: null,
  laterUpdates: [],
  attacks: { USF: false, ISA: false, SWA: false, SHADOW: false },
};

async function timestampRow(language: 'en' | 'hu', signature: SignatureValidation) {
  const i18n = await createI18n(language);
  await i18n.loadNamespaces('validation');
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <SignatureCard signature={signature} index={0} />
    </I18nextProvider>,
  );
  const text = html.replace(/<[^>]+>/g, '\n').replace(/&#x27;/g, "'");
  return text.split('\n').find((line) => line.includes('Time-Stamping Authority')) ?? '';
}

describe('a signature card', () => {
  it('does not call a time-stamp that does not verify trusted (issue 38 #11)', async () => {
    expect(await timestampRow('en', tampered)).toMatch(/· does not verify$/);
    expect(await timestampRow('hu', tampered)).toMatch(/· nem ellenőrizhető$/);
  });

  it('says whether a time-stamp that verifies comes from a trusted TSA', async () => {
    const verified = { ...tampered, timestamp: { ...tampered.timestamp!, valid: true } };
    expect(await timestampRow('en', verified)).toMatch(/· verifies · trusted$/);
    const untrusted = { ...verified, timestamp: { ...verified.timestamp, trusted: false } };
    expect(await timestampRow('en', untrusted)).toMatch(/· verifies · not trusted$/);
  });
});
