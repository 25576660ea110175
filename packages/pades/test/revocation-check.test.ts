import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parseCertificate } from '@signet/der';
import { mergePools, revocationOf, revocationPool } from '../src/long-term/revocation-check';
import { certificateDer, type TestPki } from './support/pki';
import { ocspResponse } from './support/revocation';
import { testPki } from './support/tools';

describe('revocationOf', () => {
  let pki: TestPki;
  let good: Buffer;

  beforeAll(() => {
    pki = testPki();
    good = ocspResponse(pki, mkdtempSync(join(inject('workDir'), 'revocation-')), 'rsa2048');
  });

  it('prefers the answer just asked online over the DSS one produced in the same second', () => {
    const certificate = parseCertificate(certificateDer(pki, 'rsa2048'));
    const issuer = parseCertificate(pki.caDer);
    // The same response in both: the same producedAt, as two answers within one second have.
    const dss = revocationPool({ ocsps: [good], crls: [] }, 'DSS');
    const online = revocationPool({ ocsps: [good], crls: [] }, 'ONLINE');
    expect(revocationOf(certificate, issuer, mergePools(dss, online))).toMatchObject({
      status: 'GOOD',
      source: 'ONLINE',
    });
    expect(revocationOf(certificate, issuer, dss)).toMatchObject({ source: 'DSS' });
  });
});
