import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcspRequest, ocspCertId, readDer } from '@signet/der';
import {
  readDocumentSecurityStore,
  validate,
  validateOnline,
  type OnlineRevocation,
} from '@signet/pades';
import type { Credential } from '@signet/contracts/credentials';
import type { SignResult } from '@signet/contracts/signatures';
import type { ValidationReport } from '@signet/contracts/validations';
import { embeddedCaRoots } from '#rssp/public';
import { createRsspTestApp, fastKdfEnv, person, post, type Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import { signaturesOf, tsaFiles, verifyToken } from './tsa-fixture';
import type { TestApp } from './test-app';
import { freePort } from './free-port';

/** Until the clock's whole second is past `time`'s: tokens and OCSP answers have one-second resolution. */
async function pastSecondOf(time: Date): Promise<void> {
  const second = Math.floor(time.getTime() / 1000);
  while (Math.floor(Date.now() / 1000) <= second) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Issue 27 §2: on a fresh install a chain's signatures are B-T with their validation data in a
 * DSS (B-LT) and the chain's last signature adds a document time-stamp (B-LTA); every earlier
 * signature stays valid and trusted in pdfsig, qpdf finds nothing, and a credential revoked
 * afterwards leaves its signature valid at its time-stamped signing time (decision 038).
 */
describe('long-term signatures on a fresh install (B-LT, B-LTA)', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let cid: Person;
  let keys: Credential[];
  let files: Awaited<ReturnType<typeof tsaFiles>>;
  let anchors: Uint8Array[];
  let signed: Buffer;
  let results: SignResult[number][];
  let chainId: string;

  beforeAll(async () => {
    // The certificates name the embedded CA's OCSP responder (AIA), which NSS (pdfsig) asks:
    // the app listens where they say.
    const port = await freePort();
    ({ t, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      RSSP_API_URL: `http://127.0.0.1:${port}/rssp`,
    }));
    await t.app.listen({ port, host: '127.0.0.1' });
    cid = await person(t, 'cid@example.com');
    keys = [
      await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 }),
      await activatedCredential(t, bob),
      await activatedCredential(t, cid, { keyAlg: 'rsa', rsaKeySize: 3072 }),
    ];
    files = await tsaFiles(t);
    anchors = await embeddedCaRoots(t.context.database.db);
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: ann.email }, { email: bob.email }, { email: cid.email }],
    });
    chainId = chain.id;
    results = [];
    for (const [i, who] of [ann, bob, cid].entries()) {
      const res = await post(
        t,
        who,
        '/rdss/v1/signatures/sign',
        signBody(chain, who, keys[i] as Credential),
      );
      expect(res.statusCode, res.body).toBe(200);
      const [result] = res.json<SignResult>();
      results.push(result as SignResult[number]);
    }
    signed = await download(t, ann, results[2]?.signedDocument.id as string);
  }, 240_000);
  afterAll(() => t.close());

  it('signs B-LT, and B-LTA at the end; the DSS answers for every certificate', async () => {
    expect(results.map((r) => r.level)).toEqual(['B-LT', 'B-LT', 'B-LTA']);
    expect(results.every((r) => r.missingValidationData === undefined)).toBe(true);

    const report = validate(signed, { trustAnchors: anchors });
    expect(report.signatures).toHaveLength(3);
    for (const signature of report.signatures) {
      expect(signature).toMatchObject({
        valid: true,
        chainTrusted: true,
        modifiedAfterSigning: false,
        level: 'B-LTA',
        timestamp: {
          valid: true,
          trusted: true,
          revocation: { status: 'GOOD', source: 'DSS', validAtSigningTime: true },
        },
        revocation: { status: 'GOOD', source: 'DSS', kind: 'OCSP', validAtSigningTime: true },
      });
      expect(signature.revocation?.missing).toBeUndefined();
      // Every later update (DSS, the next signatures, the document time-stamp) is allowed; the
      // next signatures' replace the attached trail, which is said apart (decision 056).
      for (const update of signature.subsequentUpdates) {
        expect(update.modifications).toEqual([]);
        expect(update.onlySignatures || update.trail === 'FILE_REPLACED').toBe(true);
      }
    }
    expect(report.documentTimestamps).toEqual([
      expect.objectContaining({
        valid: true,
        trusted: true,
        coversWholeDocument: true,
        revocation: expect.objectContaining({ status: 'GOOD', source: 'DSS' }),
      }),
    ]);
    // Three signers' certificates, the TSA's and the root; an OCSP response for each of the four.
    const dss = readDocumentSecurityStore(signed);
    expect(dss.certificates.length).toBeGreaterThanOrEqual(5);
    expect(dss.ocsps.length + dss.crls.length).toBeGreaterThanOrEqual(4);
  });

  it('every time-stamp token passes openssl ts -verify; pdfsig and qpdf agree', async () => {
    const report = validate(signed, { trustAnchors: anchors });
    // The signature time-stamps, over each signature value.
    const parts = signaturesOf(signed).filter((part) => part.token);
    expect(parts).toHaveLength(3);
    for (const [i, part] of parts.entries()) {
      const verified = await verifyToken(files, `lt-${i}`, part.token as Buffer, part.value);
      expect(verified.output).toContain('Verification: OK');
    }
    // The document time-stamp, over its byte ranges.
    const [, a, b, c] = report.documentTimestamps?.[0]?.byteRange as number[];
    const hex = signed.subarray((a as number) + 1, (b as number) - 1).toString('latin1');
    const padded = Buffer.from(hex, 'hex');
    const document = await verifyToken(
      files,
      'lt-document',
      padded.subarray(0, readDer(padded).end),
      Buffer.concat([
        signed.subarray(0, a as number),
        signed.subarray(b as number, (b as number) + (c as number)),
      ]),
    );
    expect(document.output).toContain('Verification: OK');

    const checked = await checkSignedPdf(await trustEmbeddedCa(t), signed);
    expect(checked.qpdf, checked.qpdfOutput).toBe(0);
    expect(checked.qpdfOutput).not.toMatch(/WARNING/);
    // pdfsig lists the document time-stamp too but cannot verify that kind (poppler 22).
    expect(checked.documentTimestamps).toBe(1);
    expect(checked.signatures).toEqual([
      expect.objectContaining({ valid: true, trusted: true }),
      expect.objectContaining({ valid: true, trusted: true }),
      expect.objectContaining({ valid: true, trusted: true }),
    ]);
  });

  it("a revoked credential's earlier signature was valid at its time-stamped signing time", async () => {
    // The embedded CA's own OCSP responder, asked as a validator would.
    const online: OnlineRevocation = async ({ certificate, issuer }) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/rssp/v1/ca/ocsp',
        headers: { 'content-type': 'application/ocsp-request' },
        payload: createOcspRequest([ocspCertId(certificate, issuer)]),
      });
      return res.statusCode === 200 ? { ocsps: [res.rawPayload] } : {};
    };
    const before = await validateOnline(signed, { trustAnchors: anchors, online });
    expect(before.signatures[0]?.revocation).toMatchObject({ status: 'GOOD' });

    // The revocation comes in a later second than the time-stamp.
    await pastSecondOf(before.signatures[0]?.timestamp?.time as Date);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/credentials/${keys[0]?.id}`,
      headers: ann.headers,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const report = await validateOnline(signed, { trustAnchors: anchors, online });
    const [annsSignature, bobsSignature] = report.signatures;
    expect(annsSignature?.revocation).toMatchObject({
      status: 'REVOKED',
      source: 'ONLINE',
      validAtSigningTime: true,
    });
    const stamped = annsSignature?.timestamp?.time?.getTime() ?? Infinity;
    expect(annsSignature?.revocation?.revokedAt?.getTime()).toBeGreaterThan(stamped);
    expect(annsSignature?.problems).toEqual([]);
    expect(annsSignature?.level).toBe('B-LTA');
    expect(bobsSignature?.revocation).toMatchObject({ status: 'GOOD', source: 'ONLINE' });

    // The validation API asks the same online (the rSSP's source, in process for the embedded
    // CA): the chain's document and the uploaded file show the revocation, the verdict stays
    // VALID since the signature was time-stamped before it.
    const byChain = await t.app.inject({
      url: `/rdss/v1/signatureChains/${chainId}/validation`,
      headers: ann.headers,
    });
    const byUpload = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/validations',
      headers: { ...bob.headers, 'content-type': 'application/pdf' },
      payload: signed,
    });
    for (const res of [byChain, byUpload]) {
      expect(res.statusCode, res.body).toBe(200);
      const api = res.json<ValidationReport>();
      expect(api.verdict).toBe('VALID');
      expect(api.missingRevocationData).toBeUndefined();
      const [anns, bobs, cids] = api.signatures;
      expect(anns).toMatchObject({
        verdict: 'VALID',
        reasons: [],
        revocation: { status: 'REVOKED', source: 'ONLINE', validAtSigningTime: true },
      });
      expect(Date.parse(anns?.revocation.revokedAt ?? '')).toBe(
        annsSignature?.revocation?.revokedAt?.getTime(),
      );
      expect(Date.parse(anns?.revocation.revokedAt ?? '')).toBeGreaterThan(stamped);
      for (const other of [bobs, cids]) {
        expect(other).toMatchObject({
          verdict: 'VALID',
          revocation: { status: 'GOOD', source: 'ONLINE', validAtSigningTime: true },
        });
      }
    }
  });
});
