import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialRef, CredentialRefPage } from '@signet/contracts/credential-refs';
import type { Credential } from '@signet/contracts/credentials';
import type { SignRequestInput, SignResult } from '@signet/contracts/signatures';
import { authorizeInBrowser, registerCscClient } from './csc-fixture';
import {
  createCredential,
  createRsspTestApp,
  fastKdfEnv,
  keyPassword,
  post,
  type Person,
} from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  makePdf,
  trustEmbeddedCa,
} from './signing-fixture';
import type { TestApp } from './test-app';
import { providerSessions } from '#platform/credential-ref-table';
import { freePort } from './free-port';

/**
 * Issue 28 §2: Signet #1 imports a credential that Signet #2 holds, over #2's CSC API (a second
 * app on its own database, listening on a real port: no mock of the protocol on either side),
 * and signs a chain with it (D§4: returnHashes, the provider's SAD, the sign call with the SAD).
 */
describe('credentials imported from an external CSC provider (another Signet)', () => {
  let provider: TestApp;
  let signet: TestApp;
  let providerAnn: Person;
  let ann: Person;
  let bob: Person;
  let admin: Person;
  let providerKey: Credential;
  let hiddenKey: Credential;
  let dir: string;
  let nss: string;

  beforeAll(async () => {
    const port = await freePort();
    const p = await createRsspTestApp({ ...fastKdfEnv });
    provider = p.t;
    providerAnn = p.ann;
    await provider.app.listen({ port, host: '127.0.0.1' });
    providerKey = await activatedCredential(provider, providerAnn, {
      keyAlg: 'rsa',
      rsaKeySize: 2048,
      description: 'Ann at the provider',
    });
    // Not activated: the provider answers its key "disabled", which the import list hides.
    hiddenKey = await createCredential(provider, providerAnn, { description: 'Not active' });
    const client = await registerCscClient(provider, p.admin, {
      name: 'Signet one',
      redirectUris: ['http://localhost:8080/csc-callback'],
    });
    dir = await mkdtemp(join(tmpdir(), 'signet-providers-'));
    const file = join(dir, 'providers.json');
    await writeFile(
      file,
      JSON.stringify([
        {
          id: 'signet-two',
          name: 'Signet Two',
          apiBaseUrl: `http://127.0.0.1:${port}/csc/v2`,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          scope: 'service',
        },
      ]),
    );
    const s = await createRsspTestApp({ ...fastKdfEnv, EXTERNAL_PROVIDERS_FILE: file });
    ({ t: signet, ann, bob, admin } = s);
    nss = await trustEmbeddedCa(provider);
  }, 180_000);

  afterAll(async () => {
    await signet?.close();
    await provider?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (who: Person, url: string) => signet.app.inject({ url, headers: who.headers });
  const sign = (who: Person, body: SignRequestInput) =>
    post(signet, who, '/rdss/v1/signatures/sign', body);

  /** The login popup: start, the provider's sign-in and consent, the callback's code. */
  async function loginAtProvider(who: Person, at: Person): Promise<void> {
    const start = await post(signet, who, '/api/v1/credentialRefs/providers/signet-two/login', {});
    expect(start.statusCode, start.body).toBe(200);
    const authorizeUrl = new URL(start.json<{ authorizeUrl: string }>().authorizeUrl);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const { redirectTo } = await authorizeInBrowser(
      provider,
      at,
      Object.fromEntries(authorizeUrl.searchParams),
    );
    expect(redirectTo.origin + redirectTo.pathname).toBe('http://localhost:8080/csc-callback');
    const back = await post(signet, who, '/api/v1/credentialRefs/providers/signet-two/callback', {
      code: redirectTo.searchParams.get('code'),
      state: redirectTo.searchParams.get('state'),
    });
    expect(back.statusCode, back.body).toBe(204);
  }

  let ref: CredentialRef;

  it('lists the provider without secrets, logs in through the popup flow, lists the provider credentials (disabled hidden) and imports one', async () => {
    const providers = await get(ann, '/api/v1/credentialRefs/providers/web');
    expect(providers.statusCode).toBe(200);
    expect(providers.json()).toEqual({
      providers: [
        {
          id: 'signet-two',
          name: 'Signet Two',
          apiBaseUrl: expect.stringContaining('/csc/v2') as string,
          signedIn: false,
          proxied: false,
        },
      ],
    });
    expect(providers.body).not.toContain('clientSecret');

    // Without a provider session the list asks for the login first.
    const early = await get(ann, '/api/v1/credentialRefs/providers/signet-two/credentials');
    expect(early.json()).toMatchObject({ code: 'AUTHORIZATION_EXPIRED' });

    await loginAtProvider(ann, providerAnn);
    const after = await get(ann, '/api/v1/credentialRefs/providers/web');
    expect(after.json()).toMatchObject({ providers: [{ signedIn: true }] });
    // The token is kept wrapped, never in clear.
    const [row] = await signet.context.database.db.select().from(providerSessions);
    expect(Object.keys(JSON.parse(row?.accessToken ?? '{}') as object)).toEqual([
      'v',
      'kek',
      'iv',
      'ct',
    ]);

    const listed = await get(ann, '/api/v1/credentialRefs/providers/signet-two/credentials');
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = listed.json<{ credentials: { credentialId: string }[] }>().credentials;
    expect(ids.map((c) => c.credentialId)).toEqual([providerKey.id]);
    expect(ids.map((c) => c.credentialId)).not.toContain(hiddenKey.id);

    const imported = await post(signet, ann, '/api/v1/credentialRefs', {
      provider: 'signet-two',
      credentialId: providerKey.id,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    ref = imported.json<CredentialRef>();
    expect(ref).toMatchObject({
      provider: 'signet-two',
      credentialId: providerKey.id,
      authMode: 'EXPLICIT',
      keyAlg: 'rsa',
      subjectName: 'ann',
    });
    expect(ref.cert.certificates.length).toBeGreaterThanOrEqual(2);
    const again = await post(signet, ann, '/api/v1/credentialRefs', {
      provider: 'signet-two',
      credentialId: providerKey.id,
    });
    expect(again.statusCode).toBe(409);

    const mine = await get(ann, '/api/v1/credentialRefs?q=ann');
    expect(mine.json<CredentialRefPage>()).toMatchObject({ total: 1, content: [{ id: ref.id }] });
    const none = await get(ann, '/api/v1/credentialRefs?q=nothing-like-it');
    expect(none.json<CredentialRefPage>().total).toBe(0);
    const all = await get(admin, '/api/v1/credentialRefs/all');
    expect(all.json<CredentialRefPage>()).toMatchObject({
      content: [{ id: ref.id, userEmail: ann.email }],
    });
    expect((await get(ann, '/api/v1/credentialRefs/all')).statusCode).toBe(403);
  });

  it("another user neither sees nor deletes nor signs with someone's imported credential", async () => {
    expect((await get(bob, '/api/v1/credentialRefs')).json<CredentialRefPage>().total).toBe(0);
    expect((await get(bob, `/api/v1/credentialRefs/${ref.id}`)).statusCode).toBe(404);
    const removed = await signet.app.inject({
      method: 'DELETE',
      url: `/api/v1/credentialRefs/${ref.id}`,
      headers: bob.headers,
    });
    expect(removed.statusCode).toBe(404);
    const authorize = await post(signet, bob, `/api/v1/credentialRefs/${ref.id}/authorize`, {
      hashes: ['AAAA'],
      PIN: keyPassword,
    });
    expect(authorize.statusCode).toBe(404);
    expect((await get(ann, `/api/v1/credentialRefs/${ref.id}`)).statusCode).toBe(200);
  });

  it('signs an ordered chain with the imported credential: hashes, the provider SAD, the signature; pdfsig valid and trusted with the provider CA', async () => {
    const chain = await createChain(
      signet,
      ann,
      { type: 'ORDERED', signers: [{ email: ann.email }] },
      await makePdf(2),
    );
    const entry = chain.signatures[0]!;
    const item = { signatureId: chain.id, currentSignatureId: entry.id };
    const first = await sign(ann, {
      credentialOptions: { credentialRefId: ref.id },
      returnHashes: true,
      signatures: [item],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [hashed] = first.json<SignResult>();
    expect(hashed?.status).not.toBe('DONE');
    const docHash = hashed?.docHash as string;
    expect(Buffer.from(docHash, 'base64')).toHaveLength(32);

    // Bob cannot use Ann's prepared hashes.
    const foreign = await sign(bob, {
      credentialOptions: { credentialRefId: ref.id },
      sad: 'x',
      signatures: [{ ...item, docHashes: [docHash] }],
    });
    expect(foreign.statusCode).toBe(404);

    const wrongPin = await post(signet, ann, `/api/v1/credentialRefs/${ref.id}/authorize`, {
      hashes: [docHash],
      PIN: 'not-the-password',
    });
    expect(wrongPin.statusCode).toBe(400);
    expect(wrongPin.json<{ message: string }>().message).toContain('invalid_pin');

    const authorized = await post(signet, ann, `/api/v1/credentialRefs/${ref.id}/authorize`, {
      hashes: [docHash],
      PIN: keyPassword,
    });
    expect(authorized.statusCode, authorized.body).toBe(200);
    const { sad } = authorized.json<{ sad: string }>();

    const signed = await sign(ann, {
      credentialOptions: { credentialRefId: ref.id },
      sad,
      signatures: [{ ...item, docHashes: [docHash] }],
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [result] = signed.json<SignResult>();
    expect(result).toMatchObject({ status: 'DONE', chainStatus: 'DONE' });

    const bytes = await download(signet, ann, result!.signedDocument.id);
    const checked = await checkSignedPdf(nss, bytes);
    expect(checked.signatures).toEqual([{ valid: true, trusted: true, signer: 'ann' }]);
    expect(checked.qpdf).toBe(0);

    // The prepared revision and the SAD are good once.
    const replay = await sign(ann, {
      credentialOptions: { credentialRefId: ref.id },
      sad,
      signatures: [{ ...item, docHashes: [docHash] }],
    });
    expect(replay.statusCode).toBe(400);
  });

  it('signs a DETACHED-trail chain with it: two hashes under one provider SAD, both PDFs valid', async () => {
    const chain = await createChain(
      signet,
      ann,
      { type: 'ORDERED', signers: [{ email: ann.email }], signingTrailMode: 'DETACHED' },
      await makePdf(1),
    );
    const item = { signatureId: chain.id, currentSignatureId: chain.signatures[0]!.id };
    const first = await sign(ann, {
      credentialOptions: { credentialRefId: ref.id },
      returnHashes: true,
      signatures: [item],
    });
    expect(first.statusCode, first.body).toBe(200);
    const docHashes = first.json<SignResult>()[0]?.docHashes ?? [];
    // D§4 chunking: the document's hash, then the trail's.
    expect(docHashes).toHaveLength(2);

    const authorized = await post(signet, ann, `/api/v1/credentialRefs/${ref.id}/authorize`, {
      hashes: docHashes,
      PIN: keyPassword,
    });
    expect(authorized.statusCode, authorized.body).toBe(200);
    const { sad } = authorized.json<{ sad: string }>();
    const signed = await sign(ann, {
      credentialOptions: { credentialRefId: ref.id },
      sad,
      signatures: [{ ...item, docHashes }],
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const documentId = chain.origDocument!.id;
    for (const mode of ['ORIGINAL', 'DETACHED'] as const) {
      const checked = await checkSignedPdf(nss, await download(signet, ann, documentId, mode));
      expect(checked.signatures, mode).toEqual([{ valid: true, trusted: true, signer: 'ann' }]);
      expect(checked.qpdf, mode).toBe(0);
    }
  });

  it('the owner deletes the imported credential', async () => {
    const removed = await signet.app.inject({
      method: 'DELETE',
      url: `/api/v1/credentialRefs/${ref.id}`,
      headers: ann.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(ann, '/api/v1/credentialRefs')).json<CredentialRefPage>().total).toBe(0);
  });
});
