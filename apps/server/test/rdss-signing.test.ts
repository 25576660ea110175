import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PDFDocument, PDFName } from 'pdf-lib';
import { encodeName, issueCertificate, toPem } from '@signet/der';
import { createSigner, generateKey } from '#rssp/keys/key-algorithms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { SignRequestInput, SignResult } from '@signet/contracts/signatures';
import { eventsDuring } from './events-during';
import {
  createRsspTestApp,
  fastKdfEnv,
  keyPassword,
  person,
  post,
  type Person,
} from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  drawnSignature,
  makePdf,
  runTool,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import type { TestApp } from './test-app';

describe('rDSS signing a chain (POST signatures/sign)', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let carl: Person;
  let dave: Person;
  let nss: string;
  const keys = new Map<string, Credential>();

  const sign = (who: Person, body: SignRequestInput) =>
    post(t, who, '/rdss/v1/signatures/sign', body);
  const view = async (who: Person, id: string) =>
    (
      await t.app.inject({ url: `/rdss/v1/signatureChains/${id}`, headers: who.headers })
    ).json<Chain>();
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (
      (await t.context.database.db.execute(query)) as unknown as {
        rows: T[];
      }
    ).rows;
  const revisionCount = async (chainId: string) =>
    Number(
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from rdss.document_revisions where chain_id = ${chainId}`,
        )
      )[0]?.n,
    );
  const key = (who: Person) => keys.get(who.id) as Credential;

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp(fastKdfEnv));
    carl = await person(t, 'carl@example.com');
    dave = await person(t, 'dave@example.com');
    nss = await trustEmbeddedCa(t);
    keys.set(ann.id, await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 }));
    keys.set(bob.id, await activatedCredential(t, bob));
    keys.set(
      carl.id,
      await activatedCredential(t, carl, { keyAlg: 'ec', ecCurveName: 'secp384r1' }),
    );
  }, 120_000);
  afterAll(() => t.close());

  it('three signers of an ordered chain sign in turn, visibly; every signature stays valid and every revision is a prefix of the next', async () => {
    const original = await makePdf(3);
    const chain = await createChain(
      t,
      ann,
      {
        type: 'ORDERED',
        signers: [{ email: ann.email }, { email: bob.email }, { email: carl.email }],
        viewerEmails: [dave.email],
      },
      original,
    );
    // Bob may not sign before Ann.
    const early = await sign(bob, signBody(chain, bob, key(bob)));
    expect(early.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(early.statusCode).toBe(403);

    const revisions: Buffer[] = [];
    for (const [index, who] of [ann, bob, carl].entries()) {
      let res: Awaited<ReturnType<typeof sign>> | undefined;
      const events = await eventsDuring(t.context.events, async () => {
        res = await sign(
          who,
          signBody(chain, who, key(who), {
            ...(index === 0 ? { userImageDataUrl: drawnSignature() } : {}),
            item: {
              comment: `Signed by ${who.email}`,
              signatureFieldParameters: {
                page: index + 1,
                originX: 50 + index * 20,
                originY: 100,
                width: 200,
                height: 60,
              },
            },
          }),
        );
      });
      expect(res?.statusCode, res?.body).toBe(200);
      for (const phase of ['kdf', 'unwrap', 'engine', 'database']) {
        expect(res?.headers['server-timing']).toContain(`${phase};dur=`);
      }
      const [result] = res!.json<SignResult>();
      expect(result).toMatchObject({
        signatureId: chain.id,
        status: 'DONE',
        chainStatus: index === 2 ? 'DONE' : 'CREATED',
        signedDocument: { fileName: 'contract.pdf' },
      });
      const heard = events
        .filter((e) => e.name === 'SIGNATURE_CHAIN_UPDATED')
        .map((e) => `${e.stream}:${e.userId}`);
      for (const p of [ann, bob, carl, dave]) expect(heard).toContain(`rdss:${p.id}`);
      const after = await view(dave, chain.id);
      expect(after.signedDocument?.id).toBe(result!.signedDocument.id);
      expect(after.signatures[index]).toMatchObject({
        status: 'DONE',
        signedDocument: { id: result!.signedDocument.id },
        comment: `Signed by ${who.email}`,
      });
      revisions.push(await download(t, dave, result!.signedDocument.id));
    }

    const final = revisions[2]!;
    const checked = await checkSignedPdf(nss, final);
    expect(checked.signatures).toHaveLength(3);
    for (const s of checked.signatures) expect(s).toMatchObject({ valid: true, trusted: true });
    expect(checked.signatures.map((s) => s.signer)).toEqual(['ann', 'bob', 'carl']);
    expect(checked.qpdf, checked.qpdfOutput).toBe(0);
    expect(final.subarray(0, original.length).equals(Buffer.from(original))).toBe(true);
    for (const earlier of revisions.slice(0, 2)) {
      expect(final.subarray(0, earlier.length).equals(earlier)).toBe(true);
      const alone = await checkSignedPdf(nss, earlier);
      expect(alone.signatures.every((s) => s.valid && s.trusted)).toBe(true);
    }
    // The upload stays downloadable, unchanged (ORIGINAL is the document as it stands).
    const orig = await download(t, ann, chain.origDocument!.id, 'UPLOAD');
    expect(orig.equals(Buffer.from(original))).toBe(true);
    const done = await view(ann, chain.id);
    expect(done).toMatchObject({ status: 'DONE', currentSignatureId: null });
    expect(done.signedAt).not.toBeNull();
    // The list's page links the same revisions as the chain's own view.
    const listed = (
      await t.app.inject({
        url: '/rdss/v1/signatureChains/self?page-num=1&page-size=10&filter=ALL',
        headers: ann.headers,
      })
    )
      .json<{ content: Chain[] }>()
      .content.find((c) => c.id === chain.id);
    expect(listed?.signedDocument).toEqual(done.signedDocument);
    expect(listed?.signatures.map((s) => s.signedDocument?.id)).toEqual(
      done.signatures.map((s) => s.signedDocument?.id),
    );
    expect(new Set(done.signatures.map((s) => s.signedDocument?.id)).size).toBe(3);
    // A stranger cannot read a revision; a second signature of a done chain is refused.
    expect(
      (
        await t.app.inject({
          url: `/rdss/v1/documents/${done.signedDocument!.id}/file`,
          headers: (await person(t, 'eve@example.com')).headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await sign(ann, signBody(chain, ann, key(ann)))).statusCode).toBe(403);
  }, 120_000);

  it('signs with a signature profile: its credential, its image and its saved position', async () => {
    const created = await post(t, ann, '/rdss/v1/users/self/signatureProfiles', {
      name: 'Ann formal',
      credentialId: key(ann).id,
      sourceImageDataUrl: drawnSignature(),
      savedSignatureFieldParameters: {
        page: 2,
        originX: 100,
        originY: 200,
        width: 180,
        height: 60,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const chain = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: ann.email }] });
    const res = await sign(ann, {
      credentialOptions: { PIN: '246810' },
      signatureProfileId: created.json<{ id: string }>().id,
      signatures: [{ signatureId: chain.id, currentSignatureId: chain.signatures[0]!.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = await download(t, ann, res.json<SignResult>()[0]!.signedDocument.id);
    const checked = await checkSignedPdf(nss, bytes);
    expect(checked.signatures).toEqual([
      expect.objectContaining({ valid: true, trusted: true, signer: 'ann' }),
    ]);
    // The widget sits where the profile saved it.
    expect(bytes.toString('latin1')).toMatch(/\/Rect\s*\[\s*100\s+200\s+280\s+260\s*\]/);
    // Someone else's profile is not found.
    const other = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    const refused = await sign(bob, {
      credentialOptions: { credentialId: key(bob).id, PIN: '246810' },
      signatureProfileId: created.json<{ id: string }>().id,
      signatures: [{ signatureId: other.id, currentSignatureId: other.signatures[0]!.id }],
    });
    expect(refused.statusCode).toBe(404);
    expect(await revisionCount(other.id)).toBe(0);
  }, 60_000);

  it('signs three chains with one key password and one authorisation (batch)', async () => {
    const chains = [];
    for (let i = 0; i < 3; i++) {
      chains.push(
        await createChain(t, ann, { type: 'UNORDERED', signers: [{ email: bob.email }] }),
      );
    }
    const before = await rows<{ n: number }>(
      sql`select count(*)::int as n from rssp.signing_authorisations`,
    );
    const res = await sign(bob, {
      credentialOptions: { credentialId: key(bob).id, PIN: '246810' },
      signatures: chains.map((c) => ({
        signatureId: c.id,
        currentSignatureId: c.signatures[0]!.id,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SignResult>().map((r) => r.chainStatus)).toEqual(['DONE', 'DONE', 'DONE']);
    const after = await rows<{ n: number; sigs: number }>(
      sql`select count(*)::int as n, max(num_signatures)::int as sigs from rssp.signing_authorisations`,
    );
    expect(after[0]!.n - before[0]!.n).toBe(1);
    for (const result of res.json<SignResult>()) {
      const checked = await checkSignedPdf(nss, await download(t, bob, result.signedDocument.id));
      expect(checked.signatures).toEqual([expect.objectContaining({ valid: true, trusted: true })]);
    }
  }, 60_000);

  it('a clerk signs for a walk-in client: sub-signer name and drawn image required', async () => {
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: bob.email, clerkMode: true, subsignerName: 'Walk-in Client' }],
    });
    const noImage = await sign(bob, signBody(chain, bob, key(bob)));
    expect(noImage.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const res = await sign(
      bob,
      signBody(chain, bob, key(bob), { userImageDataUrl: drawnSignature() }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const bytes = await download(t, bob, res.json<SignResult>()[0]!.signedDocument.id);
    expect((await checkSignedPdf(nss, bytes)).signatures[0]).toMatchObject({ valid: true });
  }, 60_000);

  it('two signers of an unordered chain pressing Sign at once both sign, one revision after the other', async () => {
    const chain = await createChain(t, ann, {
      type: 'UNORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
    });
    const [a, b] = await Promise.all([
      sign(bob, signBody(chain, bob, key(bob))),
      sign(carl, signBody(chain, carl, key(carl))),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    const done = await view(ann, chain.id);
    expect(done.status).toBe('DONE');
    expect(await revisionCount(chain.id)).toBe(2);
    const checked = await checkSignedPdf(nss, await download(t, ann, done.signedDocument!.id));
    expect(checked.signatures).toHaveLength(2);
    expect(checked.signatures.every((s) => s.valid && s.trusted)).toBe(true);
    expect(checked.qpdf).toBe(0);
  }, 60_000);

  it('the same idempotency key signs once and answers the same', async () => {
    const chain = await createChain(t, ann, {
      type: 'UNORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
    });
    const body = signBody(chain, bob, key(bob), { idempotencyKey: 'retry-key-0001' });
    const [first, second] = await Promise.all([sign(bob, body), sign(bob, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const third = await sign(bob, body);
    expect(third.json()).toEqual(first.json());
    expect(await revisionCount(chain.id)).toBe(1);
  }, 60_000);

  it('the D§8 errors: each with its code and status, and a failed call changes nothing', async () => {
    const chain = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    const expectRefused = async (
      res: Awaited<ReturnType<typeof sign>>,
      code: string,
      status: number,
    ) => {
      expect({ code: res.json<{ code: string }>().code, status: res.statusCode }).toEqual({
        code,
        status,
      });
      expect(await revisionCount(chain.id)).toBe(0);
      expect((await view(bob, chain.id)).signatures[0]!.status).toBe('CREATED');
    };
    const wrong = (credential: Credential) =>
      signBody(chain, bob, credential, {
        credentialOptions: { credentialId: credential.id, PIN: '999999' },
      });
    const blockable = await activatedCredential(t, bob);
    for (let i = 0; i < 4; i++) {
      await expectRefused(await sign(bob, wrong(blockable)), 'INCORRECT_KEYPASSWORD_OR_PUK', 400);
    }
    await expectRefused(await sign(bob, wrong(blockable)), 'KEY_BLOCKED', 423);
    await expectRefused(await sign(bob, signBody(chain, bob, blockable)), 'KEY_BLOCKED', 423);

    const { createCredential } = await import('./rssp-fixture');
    const inactive = await createCredential(t, bob, { certificateEnrollmentMode: 'CMP' });
    await expectRefused(
      await sign(bob, signBody(chain, bob, inactive as Credential)),
      'CREDENTIAL_NOT_ACTIVATED',
      409,
    );
    const noCertificate = await activatedCredential(t, bob, {
      certificateEnrollmentMode: 'MANUAL',
    });
    await expectRefused(
      await sign(bob, signBody(chain, bob, noCertificate)),
      'EMPTY_CERTIFICATE_CHAIN',
      400,
    );
    // Someone else's credential is not found; nobody else's chain is signed.
    await expectRefused(await sign(bob, signBody(chain, bob, key(ann))), 'NOT_FOUND', 404);
    await expectRefused(await sign(carl, { ...signBody(chain, bob, key(carl)) }), 'NOT_FOUND', 404);
    await expectRefused(
      await sign(bob, {
        ...signBody(chain, bob, key(bob)),
        credentialOptions: { credentialId: key(bob).id },
      }),
      'VALIDATION_FAILED',
      400,
    );
    await expectRefused(
      await sign(
        bob,
        signBody(chain, bob, key(bob), {
          item: {
            signatureFieldParameters: { page: 9, originX: 0, originY: 0, width: 100, height: 40 },
          },
        }),
      ),
      'VALIDATION_FAILED',
      400,
    );
    expect((await sign(bob, signBody(chain, bob, key(bob)))).statusCode).toBe(200);
  }, 120_000);

  it('the key password is counted before the prepare: a call failing on its document leaves the count as it was', async () => {
    // No signing trail: its rendering comes before the document's check, and this test times the
    // document's refusal against the (fast, in tests) KDF.
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: bob.email }],
      signingTrailMode: 'NONE',
    });
    const credential = await activatedCredential(t, bob);
    const attempts = async () =>
      (
        await rows<{ failed_password_attempts: number }>(
          sql`select failed_password_attempts from rssp.credentials where id = ${credential.id}`,
        )
      )[0]?.failed_password_attempts;
    const body = (PIN: string, page: number) =>
      signBody(chain, bob, credential, {
        credentialOptions: { credentialId: credential.id, PIN },
        item: {
          signatureFieldParameters: { page, originX: 0, originY: 0, width: 100, height: 40 },
        },
      });
    for (let i = 0; i < 3; i++) {
      const res = await sign(bob, body('999999', 1));
      expect(res.json<{ code: string }>().code).toBe('INCORRECT_KEYPASSWORD_OR_PUK');
    }
    expect(await attempts()).toBe(3);
    // Outside the document: refused after the KDF started, with the right or a wrong password.
    for (const PIN of [keyPassword, '999999']) {
      const res = await sign(bob, body(PIN, 9));
      expect([res.json<{ code: string }>().code, res.statusCode]).toEqual([
        'VALIDATION_FAILED',
        400,
      ]);
      expect(await attempts()).toBe(3);
    }
    expect(await revisionCount(chain.id)).toBe(0);
    const res = await sign(bob, body(keyPassword, 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(await attempts()).toBe(0);
  }, 60_000);

  it('a certificate that is expired or does not allow signing is SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE', async () => {
    const chain = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    const caKey = await generateKey({ keyAlg: 'ec', curve: 'prime256v1' });
    const caName = encodeName([{ oid: '2.5.4.3', value: 'Other test CA' }]);
    const caSigner = createSigner({ keyAlg: 'ec', curve: 'prime256v1' }, caKey.pkcs8);
    const year = 365 * 24 * 3_600_000;
    const ca = issueCertificate({
      subject: caName,
      spki: caKey.spki,
      issuer: caName,
      issuerSpki: caKey.spki,
      signer: caSigner,
      notBefore: new Date(Date.now() - 10 * year),
      notAfter: new Date(Date.now() + year),
      isCa: true,
    });
    for (const [what, notAfter, isCa] of [
      ['expired', new Date(Date.now() - year), false],
      ['no signing key usage', new Date(Date.now() + year), true],
    ] as const) {
      const credential = await activatedCredential(t, bob, { certificateEnrollmentMode: 'MANUAL' });
      const [row] = await rows<{ public_key: string }>(
        sql`select public_key from rssp.credentials where id = ${credential.id}`,
      );
      const certificate = issueCertificate({
        subject: encodeName([{ oid: '2.5.4.3', value: `Bob ${what}` }]),
        spki: Buffer.from(row!.public_key, 'base64'),
        issuer: caName,
        issuerSpki: caKey.spki,
        signer: caSigner,
        notBefore: new Date(Date.now() - 5 * year),
        notAfter,
        isCa,
      });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/rssp/v1/credentials/${credential.id}/certificateChain`,
        headers: bob.headers,
        payload: [toPem('CERTIFICATE', certificate), toPem('CERTIFICATE', ca)],
      });
      expect(put.statusCode, put.body).toBe(200);
      const res = await sign(bob, signBody(chain, bob, credential));
      expect({ what, code: res.json<{ code: string }>().code, status: res.statusCode }).toEqual({
        what,
        code: 'SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE',
        status: 400,
      });
    }
    expect(await revisionCount(chain.id)).toBe(0);
  }, 60_000);

  it('a certified PDF is DOCUMENT_CANNOT_BE_MODIFIED; an encrypted one needs its password', async () => {
    const doc = await PDFDocument.load(await makePdf(1));
    const reference = doc.context.obj({
      Type: 'SigRef',
      TransformMethod: 'DocMDP',
      TransformParams: { Type: 'TransformParams', P: 1, V: '1.2' },
    });
    const certification = doc.context.register(
      doc.context.obj({ Type: 'Sig', Reference: [reference] }),
    );
    doc.catalog.set(PDFName.of('Perms'), doc.context.obj({ DocMDP: certification }));
    const locked = await createChain(
      t,
      ann,
      { type: 'ORDERED', signers: [{ email: bob.email }] },
      await doc.save({ useObjectStreams: false }),
    );
    const refused = await sign(bob, signBody(locked, bob, key(bob)));
    expect([refused.json<{ code: string }>().code, refused.statusCode]).toEqual([
      'DOCUMENT_CANNOT_BE_MODIFIED',
      409,
    ]);
    expect(await revisionCount(locked.id)).toBe(0);

    const dir = mkdtempSync(join(tmpdir(), 'signet-encrypted-'));
    writeFileSync(join(dir, 'plain.pdf'), await makePdf(2));
    const qpdf = await runTool('qpdf', [
      '--encrypt',
      'user-pw',
      'owner-pw',
      '256',
      '--',
      join(dir, 'plain.pdf'),
      join(dir, 'locked.pdf'),
    ]);
    expect(qpdf.code, qpdf.output).toBe(0);
    const encrypted = await createChain(
      t,
      ann,
      { type: 'ORDERED', signers: [{ email: bob.email }] },
      readFileSync(join(dir, 'locked.pdf')),
    );
    expect(encrypted.origDocument?.security).toBe('ENCRYPTED_WITH_USER_PASSWORD');
    const docId = encrypted.origDocument!.id;
    const missing = await sign(bob, signBody(encrypted, bob, key(bob)));
    expect([missing.json<{ code: string }>().code, missing.statusCode]).toEqual([
      'PDF_PASSWORD_REQUIRED',
      400,
    ]);
    const wrongPassword = await sign(
      bob,
      signBody(encrypted, bob, key(bob), {
        documentsOptions: [{ docId, passwordProtection: 'not-it' }],
      }),
    );
    expect(wrongPassword.json<{ code: string }>().code).toBe('INCORRECT_PDF_PASSWORD');
    expect(await revisionCount(encrypted.id)).toBe(0);
    const res = await sign(
      bob,
      signBody(encrypted, bob, key(bob), {
        documentsOptions: [{ docId, passwordProtection: 'user-pw' }],
        item: {
          signatureFieldParameters: { page: 2, originX: 40, originY: 40, width: 180, height: 50 },
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const bytes = await download(t, bob, res.json<SignResult>()[0]!.signedDocument.id);
    const checked = await checkSignedPdf(nss, bytes, 'user-pw');
    expect(checked.signatures).toEqual([expect.objectContaining({ valid: true, trusted: true })]);
    expect(checked.qpdf, checked.qpdfOutput).toBe(0);
  }, 60_000);

  it('a document the engine cannot read at signing time is DOCUMENT_PARSING_ERROR', async () => {
    const chain = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    // The stored bytes break after upload (storage damage): signing refuses, nothing changes.
    await t.context.database.db.execute(
      sql`update rdss.document_blob_chunks set bytes = substring(bytes from 1 for 200) where document_id = ${chain.origDocument!.id} and seq = 0`,
    );
    const res = await sign(bob, signBody(chain, bob, key(bob)));
    expect([res.json<{ code: string }>().code, res.statusCode]).toEqual([
      'DOCUMENT_PARSING_ERROR',
      400,
    ]);
    expect(await revisionCount(chain.id)).toBe(0);
    void admin;
  }, 60_000);
});
