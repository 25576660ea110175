import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { ChainSignatures } from '@signet/contracts/chain-signatures';
import type { Credential } from '@signet/contracts/credentials';
import { createRsspTestApp, fastKdfEnv, person, post, type Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  drawnSignature,
  makePdf,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import type { TestApp } from './test-app';

/**
 * Issue 26 §5: `GET signatureChains/{id}/signatures` lists the signatures of a chain's document
 * as it stands, each checked by Signet's validator on the PDF threads: who, when, on which page,
 * whether intact and from the embedded CA. pdfsig (poppler) is asked the same question.
 */
describe('rDSS the signatures of a chain (GET signatureChains/{id}/signatures)', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let dave: Person;
  let stranger: Person;
  let nss: string;
  const keys = new Map<string, Credential>();

  const signaturesOf = (who: Person, chainId: string) =>
    t.app.inject({ url: `/rdss/v1/signatureChains/${chainId}/signatures`, headers: who.headers });
  const view = async (who: Person, id: string) =>
    (
      await t.app.inject({ url: `/rdss/v1/signatureChains/${id}`, headers: who.headers })
    ).json<Chain>();
  const sign = async (chain: Chain, who: Person, page: number) => {
    const res = await post(
      t,
      who,
      '/rdss/v1/signatures/sign',
      signBody(chain, who, keys.get(who.id) as Credential, {
        userImageDataUrl: drawnSignature(),
        item: {
          signatureFieldParameters: { page, originX: 60, originY: 80, width: 180, height: 60 },
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp(fastKdfEnv));
    dave = await person(t, 'dave@example.com');
    stranger = await person(t, 'stranger@example.com');
    nss = await trustEmbeddedCa(t);
    keys.set(ann.id, await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 }));
    keys.set(bob.id, await activatedCredential(t, bob));
  }, 120_000);
  afterAll(() => t.close());

  let signedBytes: Buffer;

  it('after two signatures lists both, valid and from the embedded CA, with their signers, times and pages; a stranger gets 404', async () => {
    const chain = await createChain(
      t,
      ann,
      {
        type: 'ORDERED',
        signers: [{ email: ann.email }, { email: bob.email }],
        viewerEmails: [dave.email],
        signingTrailMode: 'ATTACHED',
      },
      await makePdf(3),
    );
    const before = await signaturesOf(ann, chain.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<ChainSignatures>()).toMatchObject({
      documentId: chain.origDocument?.id,
      revisionId: null,
      state: 'CHECKED',
      signatures: [],
      pageCount: 3,
      trailPageCount: 0,
    });

    const started = Date.now();
    await sign(chain, ann, 1);
    await sign(chain, bob, 3);
    const done = await view(ann, chain.id);

    for (const who of [ann, bob, dave, admin]) {
      const res = await signaturesOf(who, chain.id);
      expect(res.statusCode, `${who.email}: ${res.body}`).toBe(200);
      const answer = res.json<ChainSignatures>();
      expect(answer.revisionId).toBe(done.signedDocument?.id);
      expect(answer.state).toBe('CHECKED');
      expect(answer.signatures).toHaveLength(2);
      // The attached trail is a file of the PDF, not pages (decision 056): only its own three.
      expect(answer.pageCount).toBe(3);
      expect(answer.trailPageCount).toBe(0);
      const [first, second] = answer.signatures;
      const annEntry = done.signatures.find((s) => s.user.email === ann.email);
      const bobEntry = done.signatures.find((s) => s.user.email === bob.email);
      expect(first).toMatchObject({
        certificateName: 'ann',
        entryId: annEntry?.id,
        page: 1,
        integrityValid: true,
        chainTrusted: true,
        problem: null,
      });
      expect(second).toMatchObject({
        certificateName: 'bob',
        entryId: bobEntry?.id,
        page: 3,
        integrityValid: true,
        chainTrusted: true,
        problem: null,
      });
      expect(first?.entryName).toBeTruthy();
      for (const signature of answer.signatures) {
        const time = Date.parse(signature.signingTime ?? '');
        expect(time).toBeGreaterThanOrEqual(started - 2000);
        expect(time).toBeLessThanOrEqual(Date.now() + 2000);
      }
    }

    // poppler agrees: both valid and trusted.
    signedBytes = await download(t, ann, done.signedDocument?.id ?? '');
    const poppler = await checkSignedPdf(nss, signedBytes);
    expect(poppler.signatures.map((s) => s.valid && s.trusted)).toEqual([true, true]);

    // Someone the chain does not name learns nothing, not even that it exists.
    const foreign = await signaturesOf(stranger, chain.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    const unknown = await signaturesOf(ann, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    // A document of another chain is not this chain's.
    const other = await t.app.inject({
      url: `/rdss/v1/signatureChains/${chain.id}/signatures?documentId=00000000-0000-4000-8000-000000000000`,
      headers: ann.headers,
    });
    expect(other.statusCode).toBe(404);
  }, 120_000);

  it('names where each visible signature stands, so a new one is placed beside it (issue 38 §2)', async () => {
    const chain = await createChain(
      t,
      ann,
      { type: 'ORDERED', signers: [{ email: ann.email }, { email: bob.email }] },
      await makePdf(2),
    );
    const at = (who: Person, box: { originX: number; originY: number }) =>
      post(
        t,
        who,
        '/rdss/v1/signatures/sign',
        signBody(chain, who, keys.get(who.id) as Credential, {
          userImageDataUrl: drawnSignature(),
          item: { signatureFieldParameters: { page: 1, ...box, width: 150, height: 50 } },
        }),
      );
    expect((await at(ann, { originX: 409, originY: 36 })).statusCode).toBe(200);
    expect((await at(bob, { originX: 247, originY: 36 })).statusCode).toBe(200);
    const answer = (await signaturesOf(ann, chain.id)).json<ChainSignatures>();
    expect(answer.signatures.map((s) => [s.page, s.rect])).toEqual([
      [1, { originX: 409, originY: 36, width: 150, height: 50 }],
      [1, { originX: 247, originY: 36, width: 150, height: 50 }],
    ]);
  }, 120_000);

  it('a copy with one byte changed inside the signed ranges, uploaded as a new chain, shows both signatures invalid', async () => {
    const tampered = Buffer.from(signedBytes);
    // The first page's media box, which both signatures cover: 595.28 points wide becomes 595.29.
    const box = tampered.indexOf('/MediaBox [ 0 0 595.28 ');
    expect(box).toBeGreaterThan(0);
    tampered[box + '/MediaBox [ 0 0 595.2'.length] = '9'.charCodeAt(0);
    const poppler = await checkSignedPdf(nss, tampered);
    expect(poppler.signatures).toHaveLength(2);
    expect(poppler.signatures.some((s) => s.valid)).toBe(false);

    // A PDF that already holds signatures takes no attached trail: none here.
    const chain = await createChain(
      t,
      bob,
      { type: 'ORDERED', signers: [{ email: ann.email }], signingTrailMode: 'NONE' },
      tampered,
    );
    const res = await signaturesOf(bob, chain.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ChainSignatures>();
    expect(answer.revisionId).toBeNull();
    expect(answer.signatures).toHaveLength(2);
    for (const signature of answer.signatures) {
      expect(signature).toMatchObject({
        integrityValid: false,
        problem: 'DIGEST_MISMATCH',
        // Not a signature of this chain's entries: it came with the upload.
        entryId: null,
        entryName: null,
      });
    }
    expect(answer.signatures.map((s) => s.certificateName)).toEqual(['ann', 'bob']);
    expect((await signaturesOf(stranger, chain.id)).statusCode).toBe(404);
  }, 120_000);
});
