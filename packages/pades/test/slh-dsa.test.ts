import { createPrivateKey, randomBytes, sign as nodeSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { slh_dsa_sha2_128f } from '@noble/post-quantum/slh-dsa.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  derBitString,
  derExplicit,
  derIntegerBytes,
  derNull,
  derOidBytes,
  derSequence,
  derSet,
  derUnsignedInteger,
  derUtcTime,
  derString,
  derTag,
  parseCertificate,
} from '@signet/der';
import { OID } from '../src/cms/oids';
import { sign, validate, type Signer } from '../src/index';
import { testPki } from './support/tools';
import type { TestPki } from './support/pki';

const corpus = inject('corpus');

/** An X.509 certificate for an SLH-DSA key (RFC 9909), issued by the RSA test CA. */
function slhCertificate(pki: TestPki, publicKey: Uint8Array): Uint8Array {
  const ca = parseCertificate(pki.caDer);
  const name = derSequence(
    derSet(derSequence(derOidBytes(OID.commonName), derString(derTag.utf8String, 'Dana SLH-DSA'))),
  );
  const rsaSha256 = derSequence(derOidBytes(OID.sha256WithRsa), derNull());
  const tbs = derSequence(
    derExplicit(0, derIntegerBytes(2)),
    derUnsignedInteger(randomBytes(12)),
    rsaSha256,
    ca.subject,
    derSequence(
      derUtcTime(new Date(Date.now() - 86_400_000)),
      derUtcTime(new Date(Date.now() + 365 * 86_400_000)),
    ),
    name,
    derSequence(derSequence(derOidBytes(OID.slhDsaSha2_128f)), derBitString(publicKey)),
  );
  const caKey = createPrivateKey(readFileSync(join(pki.dir, 'ca.key')));
  return derSequence(tbs, rsaSha256, derBitString(nodeSign('sha256', tbs, caKey)));
}

describe('SLH-DSA-SHA2-128f', () => {
  let pki: TestPki;
  let signer: Signer;
  beforeAll(() => {
    pki = testPki();
    const keys = slh_dsa_sha2_128f.keygen(randomBytes(48));
    signer = {
      certificateChain: [slhCertificate(pki, keys.publicKey), pki.caDer],
      algorithm: 'SLH_DSA_SHA2_128F',
      // RFC 9814: pure mode over the DER of the signed attributes, which is what the engine passes.
      signHash: async (signedAttributes) =>
        slh_dsa_sha2_128f.sign(signedAttributes, keys.secretKey),
    };
  });

  it('signs and validate round-trips; a changed byte is detected', async () => {
    const pdf = readFileSync(corpus.find((f) => f.name === 'xref-stream')?.path ?? '');
    const signed = Buffer.from(
      await sign(pdf, signer, {
        appearance: { page: 1, width: 180, height: 40, textLines: ['Quantum-safe', 'SLH-DSA'] },
      }),
    );
    const report = validate(signed, { trustAnchors: [pki.caDer] });
    expect(report.signatures[0]).toMatchObject({
      valid: true,
      digestMatches: true,
      signatureValid: true,
      chainTrusted: true,
      algorithm: 'SLH_DSA_SHA2_128F',
      coversWholeDocument: true,
    });
    const at = signed.indexOf('Object streams', 0, 'latin1');
    const position = at > 0 && at < (report.signatures[0]?.byteRange?.[1] ?? 0) ? at : 20;
    signed[position] = (signed[position] as number) ^ 0x01;
    const tampered = validate(signed, { trustAnchors: [pki.caDer] }).signatures[0];
    expect(tampered?.digestMatches).toBe(false);
    expect(tampered?.valid).toBe(false);
  });

  it('rejects a signature value that is not from the certificate key', async () => {
    const pdf = readFileSync(corpus.find((f) => f.name === 'classic-xref')?.path ?? '');
    const other = slh_dsa_sha2_128f.keygen(randomBytes(48));
    const wrong: Signer = {
      ...signer,
      signHash: async (m) => slh_dsa_sha2_128f.sign(m, other.secretKey),
    };
    await expect(sign(pdf, wrong)).rejects.toMatchObject({ code: 'CERTIFICATE_MISMATCH' });
  });
});
