import { createHash, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ecCurveNames } from '@signet/contracts/credentials';
import { derChildren, derOid, readDerAll } from '@signet/der';
import type { HashName } from './hash-name';
import { createSigner, generateKey, supportedEcCurves, verifySignature } from './key-algorithms';

const data = Buffer.from('the DER of some signed attributes');
const digest = (hash: HashName) => createHash(hash).update(data).digest();

describe('key algorithms', () => {
  it('supports every EC curve of the contract on this Node', () => {
    expect(supportedEcCurves()).toEqual([...ecCurveNames]);
  });

  it('RSA signDigest makes PKCS#1 v1.5 signatures over precomputed SHA-256/384/512', async () => {
    const key = await generateKey({ keyAlg: 'rsa', rsaKeySize: 2048 });
    const signer = createSigner({ keyAlg: 'rsa', rsaKeySize: 2048 }, key.pkcs8);
    const publicKey = createPublicKey({ key: key.spki, format: 'der', type: 'spki' });
    for (const hash of ['sha256', 'sha384', 'sha512'] as const) {
      expect(verify(hash, data, publicKey, signer.signDigest(digest(hash), hash))).toBe(true);
    }
    expect(() => signer.signDigest(Buffer.alloc(31), 'sha256')).toThrow(/32 bytes/);
  });

  for (const curve of ecCurveNames) {
    it(`ECDSA ${curve}: signDigest (noble, DER) and sign (node) both verify with node:crypto`, async () => {
      const spec = { keyAlg: 'ec', curve } as const;
      const key = await generateKey(spec);
      const signer = createSigner(spec, key.pkcs8);
      const publicKey = createPublicKey({ key: key.spki, format: 'der', type: 'spki' });
      expect(verify('sha256', data, publicKey, signer.signDigest(digest('sha256'), 'sha256'))).toBe(
        true,
      );
      const signature = signer.sign(data);
      expect(
        verifySignature({
          spki: key.spki,
          signatureAlgorithm: signer.signatureAlgorithm,
          data,
          signature,
        }),
      ).toBe(true);
      expect(
        verifySignature({
          spki: key.spki,
          signatureAlgorithm: signer.signatureAlgorithm,
          data: Buffer.from('x'),
          signature,
        }),
      ).toBe(false);
    });
  }

  it('SLH-DSA signs messages, has no digest mode, and stores a PKCS#8 with its OID', async () => {
    const spec = { keyAlg: 'sphincs+', parameterSet: 'sphincs-sha2-128f' } as const;
    const key = await generateKey(spec);
    const [, algorithm] = derChildren(readDerAll(key.pkcs8));
    expect(derOid(derChildren(algorithm!)[0]!)).toBe('2.16.840.1.101.3.4.3.21');
    const signer = createSigner(spec, key.pkcs8);
    const signature = signer.sign(data);
    expect(signature).toHaveLength(17088);
    expect(
      verifySignature({
        spki: key.spki,
        signatureAlgorithm: signer.signatureAlgorithm,
        data,
        signature,
      }),
    ).toBe(true);
    expect(() => signer.signDigest(digest('sha256'), 'sha256')).toThrow(/message/);
  });
});
