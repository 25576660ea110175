import { execFileSync } from 'node:child_process';
import { constants, createPrivateKey, privateEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainMessages, type Chain } from '@signet/contracts/chains';
import type { BatchView, DocumentView } from '@signet/contracts/documents';
import { sign, type Signer } from '@signet/pades';
import { multipartBody } from './multipart';
import { createRsspTestApp, fastKdfEnv, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

/** DigestInfo prefix of a SHA-256 digest (PKCS#1 v1.5). */
const sha256DigestInfo = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** A throw-away RSA signer with a self-signed certificate, made by the openssl CLI. */
function testSigner(dir: string): Signer {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-subj', '/CN=Earlier Signer', '-keyout', 'key.pem', '-out', 'cert.pem'],
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  execFileSync('openssl', ['x509', '-in', 'cert.pem', '-outform', 'DER', '-out', 'cert.der'], {
    cwd: dir,
  });
  const key = createPrivateKey(readFileSync(join(dir, 'key.pem')));
  return {
    certificateChain: [new Uint8Array(readFileSync(join(dir, 'cert.der')))],
    algorithm: 'RSA_PKCS1',
    signHash: async (hash) =>
      privateEncrypt(
        { key, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([sha256DigestInfo, hash]),
      ),
  };
}

async function plainPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage();
  return document.save();
}

/**
 * The spec's signing trail (documents §5): with the feature on, an attached trail cannot go into
 * a PDF that already holds digital signatures; the refusal names the file.
 */
describe('rDSS signing trail: attached mode and PDFs signed before', () => {
  let on: TestApp;
  let off: TestApp;
  let annOn: Person;
  let bobOn: Person;
  let annOff: Person;
  let bobOff: Person;
  let dir: string;
  let signed: Uint8Array;
  let plain: Uint8Array;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'signet-trail-'));
    plain = await plainPdf();
    signed = await sign(plain, testSigner(dir));
    // A signature poppler recognises, not only ours.
    writeFileSync(join(dir, 'signed.pdf'), signed);
    expect(execFileSync('pdfsig', [join(dir, 'signed.pdf')], { encoding: 'utf8' })).toMatch(
      /Signature #1/,
    );
    ({
      t: on,
      ann: annOn,
      bob: bobOn,
    } = await createRsspTestApp({ ...fastKdfEnv, SIGNING_TRAIL_ENABLED: 'true' }));
    ({
      t: off,
      ann: annOff,
      bob: bobOff,
    } = await createRsspTestApp({
      ...fastKdfEnv,
      SIGNING_TRAIL_ENABLED: 'false',
    }));
  });
  afterAll(async () => {
    await Promise.all([on?.close(), off?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = async (t: TestApp, who: Person, fileName: string, bytes: Uint8Array) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/rdss/v1/documents?fileName=${fileName}`,
      headers: { ...who.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(bytes),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DocumentView>();
  };
  const createChain = (t: TestApp, who: Person, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/rdss/v1/signatureChains',
      headers: who.headers,
      payload: body,
    });
  const chainCount = async (t: TestApp) => {
    const result = await t.context.database.db.execute(
      'select count(*)::int as n from rdss.chains',
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('records at upload whether a PDF already holds signatures', async () => {
    expect((await upload(on, annOn, 'signed.pdf', signed)).signed).toBe(true);
    expect((await upload(on, annOn, 'plain.pdf', plain)).signed).toBe(false);
  });

  it('refuses an attached trail over a signed PDF, naming the file, and stores no chain', async () => {
    const document = await upload(on, annOn, 'contract-signed.pdf', signed);
    const before = await chainCount(on);
    const refused = await createChain(on, annOn, {
      type: 'ORDERED',
      signers: [{ email: bobOn.email }],
      origDocId: document.id,
      signingTrailMode: 'ATTACHED',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { signingTrailMode: chainMessages.alreadySigned('contract-signed.pdf') },
    });
    expect(refused.json<{ fields: Record<string, string> }>().fields.signingTrailMode).toContain(
      'contract-signed.pdf',
    );
    expect(await chainCount(on)).toBe(before);

    // A detached trail or none leaves the signed PDF's bytes alone: those are accepted.
    for (const signingTrailMode of ['DETACHED', 'NONE']) {
      const res = await createChain(on, annOn, {
        type: 'ORDERED',
        signers: [{ email: bobOn.email }],
        origDocId: document.id,
        signingTrailMode,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Chain>().signingTrailMode).toBe(signingTrailMode);
    }
    // An unsigned PDF takes an attached trail.
    const fresh = await upload(on, annOn, 'fresh.pdf', plain);
    const attached = await createChain(on, annOn, {
      type: 'ORDERED',
      signers: [{ email: bobOn.email }],
      origDocId: fresh.id,
      signingTrailMode: 'ATTACHED',
    });
    expect(attached.statusCode, attached.body).toBe(201);
  });

  it('refuses chains over a batch with a signed file, per file and bulk, naming that file', async () => {
    const body = await multipartBody({ batchName: 'Q3 contracts' }, [
      { field: 'files', name: 'first.pdf', bytes: plain },
      { field: 'files', name: 'second-signed.pdf', bytes: signed },
    ]);
    const uploaded = await on.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...annOn.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const batch = uploaded.json<BatchView>();
    expect(batch.documents.map((d) => d.signed)).toEqual([false, true]);
    const before = await chainCount(on);
    for (const bulk of [false, true]) {
      const refused = await on.app.inject({
        method: 'POST',
        url: '/rdss/v1/signatureChains/multi',
        headers: annOn.headers,
        payload: {
          type: 'UNORDERED',
          signers: [{ email: bobOn.email }],
          batchId: batch.id,
          bulk,
          signingTrailMode: 'ATTACHED',
        },
      });
      expect(refused.json(), `bulk ${bulk}`).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { signingTrailMode: chainMessages.alreadySigned('second-signed.pdf') },
      });
    }
    const single = await createChain(on, annOn, {
      type: 'UNORDERED',
      signers: [{ email: bobOn.email }],
      batchId: batch.id,
      signingTrailMode: 'ATTACHED',
    });
    expect(single.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await chainCount(on)).toBe(before);
  });

  it('looks into the bytes of a document whose signatures were not recorded at upload', async () => {
    const document = await upload(on, annOn, 'older.pdf', signed);
    // As a document uploaded before the column existed.
    await on.context.database.db.execute(
      `update rdss.documents set signed = null where id = '${document.id}'`,
    );
    const refused = await createChain(on, annOn, {
      type: 'ORDERED',
      signers: [{ email: bobOn.email }],
      origDocId: document.id,
      signingTrailMode: 'ATTACHED',
    });
    expect(refused.json()).toMatchObject({
      fields: { signingTrailMode: chainMessages.alreadySigned('older.pdf') },
    });
  });

  it('does not apply while the signing trail feature is off', async () => {
    const document = await upload(off, annOff, 'signed.pdf', signed);
    expect(document.signed).toBe(true);
    const res = await createChain(off, annOff, {
      type: 'ORDERED',
      signers: [{ email: bobOff.email }],
      origDocId: document.id,
      signingTrailMode: 'ATTACHED',
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
