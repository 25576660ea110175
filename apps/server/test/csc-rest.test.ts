import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialRef } from '@signet/contracts/credential-refs';
import type { Credential } from '@signet/contracts/credentials';
import type { SignRequestInput, SignResult } from '@signet/contracts/signatures';
import { authorizeInBrowser, registerCscClient } from './csc-fixture';
import { createRsspTestApp, fastKdfEnv, keyPassword, post, type Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  makePdf,
  trustEmbeddedCa,
} from './signing-fixture';
import type { TestApp } from './test-app';
import { freePort } from './free-port';

/**
 * Issue 28 §2's rest (decision 043), Signet One against Signet Two (a second app on its own
 * database, on a real port) whose CSC service runs with CSC_SCAL=2: the extproviders proxy of
 * P§7 for a provider with its own endpoints, the silent login (prompt=none), the SCAL2 credential
 * round bound to the hashes, and a signature profile that signs with the imported credential.
 */
describe('the extproviders proxy, silent login, SCAL2 and profiles with an imported credential', () => {
  let provider: TestApp;
  let signet: TestApp;
  let providerAnn: Person;
  let ann: Person;
  let bob: Person;
  let providerKey: Credential;
  let secret: string;
  let dir: string;
  let nss: string;

  beforeAll(async () => {
    const port = await freePort();
    const p = await createRsspTestApp({ ...fastKdfEnv, CSC_SCAL: '2' });
    provider = p.t;
    providerAnn = p.ann;
    await provider.app.listen({ port, host: '127.0.0.1' });
    providerKey = await activatedCredential(provider, providerAnn, {
      keyAlg: 'rsa',
      rsaKeySize: 2048,
      description: 'Ann SCAL2 key',
    });
    const client = await registerCscClient(provider, p.admin, {
      name: 'Signet one',
      redirectUris: ['http://localhost:8080/csc-callback'],
    });
    secret = client.clientSecret ?? '';
    const base = `http://127.0.0.1:${port}/csc/v2`;
    dir = await mkdtemp(join(tmpdir(), 'signet-providers-'));
    const file = join(dir, 'providers.json');
    const common = { apiBaseUrl: base, clientId: client.clientId, clientSecret: secret };
    await writeFile(
      file,
      JSON.stringify([
        {
          id: 'two',
          name: 'Signet Two',
          ...common,
          authorizationEndpoint: `${base}/oauth2/authorize`,
          tokenEndpoint: `${base}/oauth2/token`,
          revocationEndpoint: `${base}/oauth2/revoke`,
        },
        // The same provider without endpoints of its own: not served by the proxy.
        { id: 'two-plain', name: 'Signet Two plain', ...common },
      ]),
    );
    const s = await createRsspTestApp({ ...fastKdfEnv, EXTERNAL_PROVIDERS_FILE: file });
    ({ t: signet, ann, bob } = s);
    nss = await trustEmbeddedCa(provider);
  }, 180_000);

  afterAll(async () => {
    await signet?.close();
    await provider?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const proxy = (who: Person | null, path: string, payload: unknown) =>
    signet.app.inject({
      method: 'POST',
      url: `/rdss/v1/extproviders/${path}`,
      headers: who ? who.headers : {},
      payload: payload as Record<string, unknown>,
    });

  /** Where Two's authorize URL sends the browser: its consent page (with prompt=none or not). */
  async function consentPageOf(url: URL): Promise<URL> {
    const res = await provider.app.inject({ url: url.pathname + url.search });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(String(res.headers.location));
  }

  async function startLogin(who: Person, path: string) {
    const start = await post(signet, who, path, path.includes('credentialLogin') ? {} : {});
    expect(start.statusCode, start.body).toBe(200);
    return start.json<{ authorizeUrl: string; silentUrl: string | null }>();
  }

  const allProxyBodies: string[] = [];

  it('logs in silently when the user granted Signet before: consent_required first, then no page; login_required without a session', async () => {
    const first = await startLogin(ann, '/api/v1/credentialRefs/providers/two/login');
    expect(first.silentUrl).not.toBeNull();
    const silent = new URL(first.silentUrl!);
    expect(silent.searchParams.get('prompt')).toBe('none');
    // Two's consent page under prompt=none: Ann never allowed Signet One, so consent_required.
    const page = await consentPageOf(silent);
    expect(page.searchParams.get('prompt')).toBe('none');
    const requestId = page.pathname.split('/').pop()!;
    const refused = await post(provider, providerAnn, `/rssp/v1/csc/consent/${requestId}`, {
      allow: true,
      silent: true,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const back = new URL(refused.json<{ redirectTo: string }>().redirectTo);
    expect(back.searchParams.get('error')).toBe('consent_required');
    expect(back.searchParams.get('code')).toBeNull();

    // The interactive page: Ann allows; the code comes back to One, through the proxy's token.
    const authorize = new URL(first.authorizeUrl);
    expect(authorize.searchParams.get('prompt')).toBeNull();
    const { redirectTo } = await authorizeInBrowser(
      provider,
      providerAnn,
      Object.fromEntries(authorize.searchParams),
    );
    const token = await proxy(ann, 'two/openid/token', {
      grant_type: 'authorization_code',
      code: redirectTo.searchParams.get('code'),
      state: redirectTo.searchParams.get('state'),
    });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json()).toEqual({ token_type: 'Bearer', expires_in: 3600, scope: 'service' });
    allProxyBodies.push(token.body);

    // Logged out at One, a second login needs no page: prompt=none answers the code at once.
    const out = await signet.app.inject({
      method: 'DELETE',
      url: '/api/v1/credentialRefs/providers/two/session',
      headers: ann.headers,
    });
    expect(out.statusCode).toBe(204);
    const second = await startLogin(ann, '/api/v1/credentialRefs/providers/two/login');
    const again = await consentPageOf(new URL(second.silentUrl!));
    const silentOk = await post(
      provider,
      providerAnn,
      `/rssp/v1/csc/consent/${again.pathname.split('/').pop()}`,
      { allow: true, silent: true },
    );
    const code = new URL(silentOk.json<{ redirectTo: string }>().redirectTo);
    expect(code.searchParams.get('code')).toBeTruthy();
    const relogged = await proxy(ann, 'two/openid/token', {
      grant_type: 'authorization_code',
      code: code.searchParams.get('code'),
      state: code.searchParams.get('state'),
    });
    expect(relogged.statusCode, relogged.body).toBe(200);

    // Nobody signed in at Two: the page ends the request with login_required.
    const third = await startLogin(bob, '/api/v1/credentialRefs/providers/two/login');
    const nobody = await consentPageOf(new URL(third.silentUrl!));
    const loginRequired = await provider.app.inject({
      method: 'POST',
      url: '/csc/v2/oauth2/login_required',
      payload: { requestId: nobody.pathname.split('/').pop() },
    });
    expect(loginRequired.statusCode, loginRequired.body).toBe(200);
    const ended = new URL(loginRequired.json<{ redirectTo: string }>().redirectTo);
    expect(ended.searchParams.get('error')).toBe('login_required');
    expect(ended.searchParams.get('state')).toBe(
      new URL(third.silentUrl!).searchParams.get('state'),
    );
  });

  it('forwards the allowed CSC paths of a configured provider and refuses the rest; the secret and token never show', async () => {
    const listed = await proxy(ann, 'two/credentials/list', { credentialInfo: true });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ credentialIDs: string[] }>().credentialIDs).toContain(providerKey.id);
    const info = await proxy(ann, 'two/credentials/info', { credentialID: providerKey.id });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ SCAL: '2', authMode: 'explicit' });
    const serviceInfo = await proxy(ann, 'two/info', {});
    expect(serviceInfo.statusCode, serviceInfo.body).toBe(200);
    allProxyBodies.push(listed.body, info.body, serviceInfo.body);

    // Not forwarded: another path, an unknown provider, one without its own endpoints, anonymous.
    expect((await proxy(ann, 'two/signatures/signHash', {})).statusCode).toBe(404);
    expect((await proxy(ann, 'two/oauth2/revoke', {})).statusCode).toBe(404);
    expect((await proxy(ann, 'nobody/credentials/list', {})).statusCode).toBe(404);
    expect((await proxy(ann, 'two-plain/credentials/list', {})).statusCode).toBe(404);
    expect(
      (
        await proxy(ann, 'two-plain/openid/token', {
          grant_type: 'authorization_code',
          code: 'c',
          state: 's',
        })
      ).statusCode,
    ).toBe(404);
    expect((await proxy(null, 'two/credentials/list', {})).statusCode).toBe(401);
    // Bob has no session at Two: the proxy asks for the login, it never lends Ann's.
    const foreign = await proxy(bob, 'two/credentials/list', {});
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ code: 'AUTHORIZATION_EXPIRED' });
    // A service token may not authorise a SCAL2 credential (Two refuses, One forwards that).
    const scal1 = await proxy(ann, 'two/credentials/authorize', {
      credentialID: providerKey.id,
      numSignatures: 1,
      hashes: [Buffer.alloc(32, 1).toString('base64')],
      hashAlgorithmOID: '2.16.840.1.101.3.4.2.1',
      authData: [{ id: 'PIN', value: keyPassword }],
    });
    expect(scal1.statusCode).toBe(400);
    expect(scal1.json()).toMatchObject({ error: 'invalid_request' });
    expect(scal1.body).toContain('SCAL2');
    allProxyBodies.push(scal1.body);
    for (const body of allProxyBodies) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain('access_token');
    }
    const providers = await signet.app.inject({
      url: '/api/v1/credentialRefs/providers/web',
      headers: ann.headers,
    });
    expect(providers.json()).toMatchObject({
      providers: [
        { id: 'two', proxied: true, signedIn: true },
        { id: 'two-plain', proxied: false },
      ],
    });
    expect(providers.body).not.toContain(secret);
  });

  let ref: CredentialRef;
  let profileId: string;

  it('a profile signs with an imported credential only its owner holds (one credential, not both)', async () => {
    const imported = await post(signet, ann, '/api/v1/credentialRefs', {
      provider: 'two',
      credentialId: providerKey.id,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    ref = imported.json<CredentialRef>();
    expect(ref.scal).toBe('2');

    const profile = (credential: Record<string, string>, name = 'Imported profile') => ({
      name,
      ...credential,
      textParams: { text: 'Ann via Two' },
    });
    const bobs = await post(
      signet,
      bob,
      '/rdss/v1/users/self/signatureProfiles',
      profile({ credentialRefId: ref.id }),
    );
    expect(bobs.statusCode).toBe(400);
    expect(bobs.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const both = await post(
      signet,
      ann,
      '/rdss/v1/users/self/signatureProfiles',
      profile({ credentialRefId: ref.id, credentialId: ref.id }),
    );
    expect(both.statusCode).toBe(400);
    const created = await post(
      signet,
      ann,
      '/rdss/v1/users/self/signatureProfiles',
      profile({ credentialRefId: ref.id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ credentialRefId: ref.id, credentialId: null });
    profileId = created.json<{ id: string }>().id;
  });

  it('signs a chain with the profile: SCAL2 round bound to the hashes (other hashes refused), then pdfsig valid and trusted', async () => {
    const chain = await createChain(
      signet,
      ann,
      { type: 'ORDERED', signers: [{ email: ann.email }] },
      await makePdf(1),
    );
    const item = { signatureId: chain.id, currentSignatureId: chain.signatures[0]!.id };
    const sign = (body: SignRequestInput) => post(signet, ann, '/rdss/v1/signatures/sign', body);
    // The profile alone names the credential: the imported-credential path answers the hashes.
    const first = await sign({
      signatureProfileId: profileId,
      returnHashes: true,
      signatures: [item],
    });
    expect(first.statusCode, first.body).toBe(200);
    const docHashes = first.json<SignResult>()[0]?.docHashes ?? [];
    expect(docHashes).toHaveLength(1);
    const authorize = () =>
      post(signet, ann, `/api/v1/credentialRefs/${ref.id}/authorize`, {
        hashes: docHashes,
        PIN: keyPassword,
      });
    // No credential round yet: One asks for it.
    const early = await authorize();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'AUTHORIZATION_EXPIRED' });

    async function round(hashes: string[]): Promise<void> {
      const start = await post(signet, ann, `/api/v1/credentialRefs/${ref.id}/credentialLogin`, {
        hashes,
      });
      expect(start.statusCode, start.body).toBe(200);
      const { authorizeUrl, silentUrl } = start.json<{ authorizeUrl: string; silentUrl: null }>();
      expect(silentUrl).toBeNull();
      const url = new URL(authorizeUrl);
      expect(url.searchParams.get('scope')).toBe('credential');
      expect(url.searchParams.get('credentialID')).toBe(providerKey.id);
      expect(url.searchParams.get('numSignatures')).toBe(String(hashes.length));
      expect(url.searchParams.get('hashes')).toBe(
        hashes.map((h) => Buffer.from(h, 'base64').toString('base64url')).join(','),
      );
      const { redirectTo } = await authorizeInBrowser(
        provider,
        providerAnn,
        Object.fromEntries(url.searchParams),
      );
      const token = await proxy(ann, 'two/openid/token', {
        grant_type: 'authorization_code',
        code: redirectTo.searchParams.get('code'),
        state: redirectTo.searchParams.get('state'),
      });
      expect(token.json()).toMatchObject({ scope: 'credential' });
    }

    // A round bound to other hashes: Two refuses to authorise these.
    await round([Buffer.alloc(32, 7).toString('base64')]);
    const other = await authorize();
    expect(other.statusCode).toBe(400);
    expect(other.json<{ message: string }>().message).toContain(
      'not the ones the token was authorised for',
    );

    await round(docHashes);
    const authorized = await authorize();
    expect(authorized.statusCode, authorized.body).toBe(200);
    const { sad } = authorized.json<{ sad: string }>();
    const signed = await sign({
      signatureProfileId: profileId,
      sad,
      signatures: [{ ...item, docHashes }],
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [result] = signed.json<SignResult>();
    expect(result).toMatchObject({ status: 'DONE', chainStatus: 'DONE' });
    const checked = await checkSignedPdf(
      nss,
      await download(signet, ann, result!.signedDocument.id),
    );
    expect(checked.signatures).toEqual([{ valid: true, trusted: true, signer: 'ann' }]);
    expect(checked.qpdf).toBe(0);
    // The round's token signed once: another signature needs another round.
    expect((await authorize()).statusCode).toBe(409);
  });
});
