import { execFile } from 'node:child_process';
import { createHash, constants, verify, X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slh_dsa_sha2_128f } from '@noble/post-quantum/slh-dsa.js';
import type { Credential } from '@signet/contracts/credentials';
import { parseCertificate, spkiKeyBits, X509_OID } from '@signet/der';
import {
  pendingRequests,
  sendDecision,
  signDecision,
} from '../src/authenticator/authenticator-client';
import type { AuthenticatorState } from '../src/authenticator/authenticator-state';
import { createRsspContext } from '#rssp/create-rssp-context';
import type { RsspContext } from '#rssp/context/rssp-context';
import { signHashes } from '#rssp/custody/sign-hashes';
import {
  authorizeInBrowser,
  clientRedirectUri,
  csc,
  cscToken,
  pkcePair,
  registerCscClient,
  tokenCall,
  type CscClientCredentials,
} from './csc-fixture';
import { enrollKeyDevice } from './device-fixture';
import { createRsspTestApp, fastKdfEnv, keyPassword, post, type Person } from './rssp-fixture';
import { activatedCredential } from './signing-fixture';
import type { TestApp } from './test-app';
import { freePort } from './free-port';

const run = promisify(execFile);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();
const sha256Oid = '2.16.840.1.101.3.4.2.1';
const rsaOid = '1.2.840.113549.1.1.1';
const pssOid = '1.2.840.113549.1.1.10';
const ecdsaSha256Oid = '1.2.840.10045.4.3.2';

describe('CSC API v2 and v1 served by the rSSP', () => {
  let t: TestApp;
  let ctx: RsspContext;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let client: CscClientCredentials;
  let rsaKey: Credential;
  let bobKey: Credential;
  let dir: string;
  let token: string;

  beforeAll(async () => {
    const port = await freePort();
    ({ t, admin, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      RSSP_API_URL: `http://127.0.0.1:${port}/rssp`,
      CSC_DYNAMIC_REGISTRATION: 'true',
    }));
    await t.app.listen({ port, host: '127.0.0.1' });
    ctx = await createRsspContext(t.context);
    rsaKey = await activatedCredential(t, ann, {
      keyAlg: 'rsa',
      rsaKeySize: 2048,
      description: 'Ann RSA',
    });
    bobKey = await activatedCredential(t, bob, { description: 'Bob EC' });
    client = await registerCscClient(t, admin);
    token = await cscToken(t, client, ann);
    dir = await mkdtemp(join(tmpdir(), 'signet-csc-'));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const authorize = (tok: string, credentialID: string, hashes: Buffer[], pin?: string) =>
    csc(t, tok, 'v2/credentials/authorize', {
      credentialID,
      numSignatures: hashes.length,
      hashes: hashes.map((h) => h.toString('base64')),
      hashAlgorithmOID: sha256Oid,
      ...(pin === undefined ? {} : { authData: [{ id: 'PIN', value: pin }] }),
    });
  const signHash = (
    tok: string,
    credentialID: string,
    SAD: string,
    hashes: Buffer[],
    signAlgo = rsaOid,
    extra = {},
  ) =>
    csc(t, tok, 'v2/signatures/signHash', {
      credentialID,
      SAD,
      hashes: hashes.map((h) => h.toString('base64')),
      hashAlgorithmOID: sha256Oid,
      signAlgo,
      ...extra,
    });

  it('info names the OAuth base, the methods and the signature algorithms (no token)', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(Object.keys(docs.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining([
        '/csc/v2/oauth2/authorize',
        '/csc/v2/credentials/authorize',
        '/csc/v2/signatures/signHash',
        '/csc/v1/signatures/signHash',
      ]),
    );
    const res = await t.app.inject({ method: 'POST', url: '/csc/v2/info', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      authType: ['oauth2code'],
      oauth2: 'http://localhost:8080/csc/v2',
      methods: expect.arrayContaining([
        'credentials/authorize',
        'signatures/signHash',
        'oauth2/token',
      ]),
      signAlgorithms: { algos: expect.arrayContaining([rsaOid, pssOid, ecdsaSha256Oid]) },
    });
  });

  it('a client session: list, info, authorize with the PIN, signHash; node:crypto and openssl verify', async () => {
    const list = await csc(t, token, 'v2/credentials/list', {
      credentialInfo: true,
      certInfo: true,
    });
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json<{ credentialIDs: string[] }>().credentialIDs;
    expect(ids).toContain(rsaKey.id);
    // Another user's credential is invisible.
    expect(ids).not.toContain(bobKey.id);

    const info = await csc(t, token, 'v2/credentials/info', {
      credentialID: rsaKey.id,
      certificates: 'chain',
      certInfo: true,
      authInfo: true,
    });
    expect(info.statusCode, info.body).toBe(200);
    const described = info.json<{ cert: { certificates: string[] } }>();
    expect(described).toMatchObject({
      key: { status: 'enabled', algo: expect.arrayContaining([rsaOid]), len: 2048 },
      cert: {
        status: 'valid',
        subjectDN: expect.stringContaining('CN=ann'),
        validTo: expect.stringMatching(/^\d{14}Z$/),
      },
      authMode: 'explicit',
      // Key passwords are digits only (keyPasswordSchema): the PIN is announced numeric.
      auth: { mode: 'explicit', objects: [{ type: 'Password', id: 'PIN', format: 'N' }] },
      PIN: { presence: 'true', format: 'N' },
      OTP: { presence: 'false' },
      // CSC_SCAL's default: a service token may authorise (the SAD is bound to the hashes).
      SCAL: '1',
    });
    expect(described.cert.certificates.length).toBeGreaterThanOrEqual(2);
    const certificate = new X509Certificate(
      Buffer.from(described.cert.certificates[0] ?? '', 'base64'),
    );

    const data = Buffer.from('the signed attributes of a CSC client');
    const hashes = [sha256(data)];
    const authorized = await authorize(token, rsaKey.id, hashes, keyPassword);
    expect(authorized.statusCode, authorized.body).toBe(200);
    const { SAD, expiresIn } = authorized.json<{ SAD: string; expiresIn: number }>();
    expect(expiresIn).toBeGreaterThan(60);

    const signed = await signHash(token, rsaKey.id, SAD, hashes);
    expect(signed.statusCode, signed.body).toBe(200);
    const [signature = ''] = signed.json<{ signatures: string[] }>().signatures;
    const bytes = Buffer.from(signature, 'base64');
    expect(verify('sha256', data, certificate.publicKey, bytes)).toBe(true);
    await writeFile(join(dir, 'data'), data);
    await writeFile(join(dir, 'sig'), bytes);
    await writeFile(
      join(dir, 'pub.pem'),
      certificate.publicKey.export({ type: 'spki', format: 'pem' }),
    );
    const openssl = await run('openssl', [
      'dgst',
      '-sha256',
      '-verify',
      join(dir, 'pub.pem'),
      '-signature',
      join(dir, 'sig'),
      join(dir, 'data'),
    ]);
    expect(openssl.stdout).toContain('Verified OK');

    // A reused SAD is refused, and one for other hashes.
    const again = await signHash(token, rsaKey.id, SAD, hashes);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_request' });
    const other = (await authorize(token, rsaKey.id, hashes, keyPassword)).json<{ SAD: string }>()
      .SAD;
    const otherHash = await signHash(token, rsaKey.id, other, [sha256('something else')]);
    expect(otherHash.statusCode).toBe(400);
    expect(otherHash.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'The authorisation does not cover these hashes',
    });
  }, 60_000);

  it('signs RSASSA-PSS (openssl verifies) and refuses a signAlgo of another key type', async () => {
    const data = Buffer.from('pss data');
    const hashes = [sha256(data)];
    const { SAD } = (await authorize(token, rsaKey.id, hashes, keyPassword)).json<{
      SAD: string;
    }>();
    const wrongAlgo = await signHash(token, rsaKey.id, SAD, hashes, ecdsaSha256Oid);
    expect(wrongAlgo.statusCode).toBe(400);
    const signed = await signHash(token, rsaKey.id, SAD, hashes, pssOid);
    expect(signed.statusCode, signed.body).toBe(200);
    const bytes = Buffer.from(
      signed.json<{ signatures: string[] }>().signatures[0] ?? '',
      'base64',
    );
    const info = await csc(t, token, 'v2/credentials/info', { credentialID: rsaKey.id });
    const cert = new X509Certificate(
      Buffer.from(
        info.json<{ cert: { certificates: string[] } }>().cert.certificates[0] ?? '',
        'base64',
      ),
    );
    expect(
      verify(
        'sha256',
        data,
        { key: cert.publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
        bytes,
      ),
    ).toBe(true);
    await writeFile(join(dir, 'pss.data'), data);
    await writeFile(join(dir, 'pss.sig'), bytes);
    await writeFile(join(dir, 'pss.pem'), cert.publicKey.export({ type: 'spki', format: 'pem' }));
    const openssl = await run('openssl', [
      'dgst',
      '-sha256',
      '-sigopt',
      'rsa_padding_mode:pss',
      '-sigopt',
      'rsa_pss_saltlen:32',
      '-verify',
      join(dir, 'pss.pem'),
      '-signature',
      join(dir, 'pss.sig'),
      join(dir, 'pss.data'),
    ]);
    expect(openssl.stdout).toContain('Verified OK');
  }, 30_000);

  it("another user's credential is refused in info and authorize", async () => {
    const info = await csc(t, token, 'v2/credentials/info', { credentialID: bobKey.id });
    expect(info.statusCode).toBe(400);
    expect(info.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid parameter credentialID',
    });
    const auth = await authorize(token, bobKey.id, [sha256('x')], keyPassword);
    expect(auth.statusCode).toBe(400);
    expect(auth.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('answers 401 invalid_token without a valid token, and after revocation', async () => {
    const none = await csc(t, 'not-a-token', 'v2/credentials/list', {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'invalid_token' });
    const doomed = await cscToken(t, client, ann);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/csc/v2/oauth2/revoke',
      payload: {
        token: doomed,
        client_id: client.clientId,
        client_secret: client.clientSecret ?? '',
      },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await csc(t, doomed, 'v2/credentials/list', {})).statusCode).toBe(401);
  });

  it('sends a code only to a registered redirect URI, once, with the right verifier and secret', async () => {
    const { verifier, challenge } = pkcePair();
    const base = {
      response_type: 'code',
      client_id: client.clientId,
      scope: 'service',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const unregistered = await t.app.inject({
      url: `/csc/v2/oauth2/authorize?${new URLSearchParams({ ...base, redirect_uri: 'https://evil.example/cb' }).toString()}`,
    });
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.headers.location).toBeUndefined();
    expect(unregistered.json()).toMatchObject({ error: 'invalid_request' });
    const unknownClient = await t.app.inject({
      url: `/csc/v2/oauth2/authorize?${new URLSearchParams({ ...base, client_id: 'nobody', redirect_uri: clientRedirectUri }).toString()}`,
    });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.headers.location).toBeUndefined();

    const { redirectTo } = await authorizeInBrowser(t, ann, {
      ...base,
      redirect_uri: clientRedirectUri,
      state: 's',
    });
    expect(redirectTo.origin + redirectTo.pathname).toBe(clientRedirectUri);
    expect(redirectTo.searchParams.get('state')).toBe('s');
    const code = redirectTo.searchParams.get('code') ?? '';
    const wrongVerifier = await tokenCall(t, client, { code, code_verifier: pkcePair().verifier });
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    // The code was spent by that try: a code is good once.
    expect((await tokenCall(t, client, { code, code_verifier: verifier })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    const { redirectTo: second } = await authorizeInBrowser(t, ann, {
      ...base,
      redirect_uri: clientRedirectUri,
    });
    const noSecret = await tokenCall(
      t,
      { ...client, clientSecret: null },
      {
        code: second.searchParams.get('code') ?? '',
        code_verifier: verifier,
      },
    );
    expect(noSecret.statusCode).toBe(401);
    expect(noSecret.json()).toMatchObject({ error: 'invalid_client' });

    const denied = await authorizeInBrowser(
      t,
      ann,
      { ...base, redirect_uri: clientRedirectUri, state: 'd' },
      false,
    );
    expect(denied.redirectTo.searchParams.get('error')).toBe('access_denied');
    expect(denied.redirectTo.searchParams.get('code')).toBeNull();
  });

  it('scope credential binds the token to the credential and the hashes (SCAL2)', async () => {
    const hashes = [sha256('bound one')];
    const bound = await cscToken(t, client, ann, {
      scope: 'credential',
      credentialID: rsaKey.id,
      numSignatures: '1',
      hashes: hashes.map((h) => h.toString('base64url')).join(','),
      hashAlgorithmOID: sha256Oid,
    });
    const other = await authorize(bound, rsaKey.id, [sha256('not bound')], keyPassword);
    expect(other.statusCode).toBe(400);
    const ok = await authorize(bound, rsaKey.id, hashes, keyPassword);
    expect(ok.statusCode, ok.body).toBe(200);
    const list = await csc(t, bound, 'v2/credentials/list', {});
    expect(list.json()).toEqual({ credentialIDs: [rsaKey.id] });
    // Bob's credential cannot be bound to Ann's consent: she is sent back access_denied.
    const { challenge } = pkcePair();
    const refused = await authorizeInBrowser(t, ann, {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: clientRedirectUri,
      scope: 'credential',
      credentialID: bobKey.id,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(refused.redirectTo.searchParams.get('error')).toBe('access_denied');
  }, 30_000);

  it('an implicit credential is authorised by approval on the owner device', async () => {
    const device = await enrollKeyDevice(t, ann);
    const state: AuthenticatorState = {
      rsspApiUrl: `${t.context.config.RSSP_API_URL}`,
      deviceId: device.device.id,
      friendlyName: 'Test phone',
      deviceToken: device.deviceToken,
      privateKeyPem: device.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    };
    const approveNext = async () => {
      const [request] = await pendingRequests(state, 20);
      if (!request) throw new Error('no approval request');
      await sendDecision(state, {
        approvalId: request.id,
        decision: 'APPROVE',
        signature: signDecision(state, request, 'APPROVE'),
      });
      return request;
    };
    const implicit = await (async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/rssp/v1/credentials/',
        headers: ann.headers,
        payload: {
          description: 'Ann implicit',
          keyAlg: 'ec',
          ecCurveName: 'prime256v1',
          authMode: 'IMPLICIT',
          certificateEnrollmentMode: 'CMP',
          distinguishedName: { commonName: 'ann', countryName: 'HU' },
        },
      });
      const id = created.json<Credential>().id;
      const [activated] = await Promise.all([
        post(t, ann, `/rssp/v1/credentials/${id}/activate`),
        approveNext(),
      ]);
      expect(activated.statusCode, activated.body).toBe(200);
      return id;
    })();
    const info = await csc(t, token, 'v2/credentials/info', {
      credentialID: implicit,
      authInfo: true,
    });
    expect(info.json()).toMatchObject({
      authMode: 'implicit',
      PIN: { presence: 'false' },
      key: { curve: '1.2.840.10045.3.1.7' },
    });

    const data = Buffer.from('approved on the phone');
    const hashes = [sha256(data)];
    const [authorized, request] = await Promise.all([
      authorize(token, implicit, hashes),
      approveNext(),
    ]);
    expect(authorized.statusCode, authorized.body).toBe(200);
    expect(request.hashes).toEqual(hashes.map((h) => h.toString('base64')));
    const { SAD } = authorized.json<{ SAD: string }>();
    const signed = await signHash(token, implicit, SAD, hashes, ecdsaSha256Oid);
    expect(signed.statusCode, signed.body).toBe(200);
    const certificate = new X509Certificate(
      Buffer.from(
        info.json<{ cert: { certificates: string[] } }>().cert.certificates[0] ?? '',
        'base64',
      ),
    );
    const signature = Buffer.from(
      signed.json<{ signatures: string[] }>().signatures[0] ?? '',
      'base64',
    );
    expect(verify('sha256', data, certificate.publicKey, signature)).toBe(true);
  }, 60_000);

  it('signs with SLH-DSA by its OID: the message itself, verified with the certificate key', async () => {
    const key = await activatedCredential(t, ann, {
      keyAlg: 'sphincs+',
      ecCurveName: 'sphincs-sha2-128f',
      description: 'Ann SLH-DSA',
    } as Parameters<typeof activatedCredential>[2]);
    const message = Buffer.from('DER of the signed attributes');
    const { SAD } = (await authorize(token, key.id, [message], keyPassword)).json<{
      SAD: string;
    }>();
    const signed = await signHash(token, key.id, SAD, [message], X509_OID.slhDsaSha2_128f);
    expect(signed.statusCode, signed.body).toBe(200);
    const signature = Buffer.from(
      signed.json<{ signatures: string[] }>().signatures[0] ?? '',
      'base64',
    );
    const info = await csc(t, token, 'v2/credentials/info', { credentialID: key.id });
    expect(info.json()).toMatchObject({ key: { algo: [X509_OID.slhDsaSha2_128f] } });
    const der = Buffer.from(
      info.json<{ cert: { certificates: string[] } }>().cert.certificates[0] ?? '',
      'base64',
    );
    const publicKey = spkiKeyBits(parseCertificate(der).spki);
    expect(slh_dsa_sha2_128f.verify(signature, message, publicKey)).toBe(true);
  }, 60_000);

  it('registers a public client dynamically (RFC 7591), which gets a token with PKCE alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/csc/v2/oauth2/register',
      payload: {
        client_name: 'Dynamic app',
        redirect_uris: [clientRedirectUri],
        token_endpoint_auth_method: 'none',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const registered = res.json<{ client_id: string; client_secret?: string }>();
    expect(registered.client_secret).toBeUndefined();
    const publicToken = await cscToken(
      t,
      { clientId: registered.client_id, clientSecret: null },
      ann,
    );
    const list = await csc(t, publicToken, 'v2/credentials/list', {});
    expect(list.json<{ credentialIDs: string[] }>().credentialIDs).toContain(rsaKey.id);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/csc/v2/oauth2/register',
      payload: { client_name: 'Bad', redirect_uris: ['javascript:alert(1)'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('v1 calls work: info, list, info, authorize with PIN, signHash', async () => {
    const info = await t.app.inject({ method: 'POST', url: '/csc/v1/info', payload: {} });
    expect(info.json()).toMatchObject({ specs: '1.0.4.0', authType: ['oauth2code'] });
    const list = await csc(t, token, 'v1/credentials/list', { maxResults: 10 });
    expect(list.json<{ credentialIDs: string[] }>().credentialIDs).toContain(rsaKey.id);
    const described = await csc(t, token, 'v1/credentials/info', {
      credentialID: rsaKey.id,
      authInfo: true,
      certInfo: true,
    });
    expect(described.json()).toMatchObject({
      authMode: 'explicit',
      PIN: { presence: 'true', format: 'N' },
      key: { len: 2048 },
    });
    const data = Buffer.from('v1 data');
    const hash = [sha256(data).toString('base64')];
    const authorized = await csc(t, token, 'v1/credentials/authorize', {
      credentialID: rsaKey.id,
      numSignatures: 1,
      hash,
      PIN: keyPassword,
    });
    expect(authorized.statusCode, authorized.body).toBe(200);
    const signed = await csc(t, token, 'v1/signatures/signHash', {
      credentialID: rsaKey.id,
      SAD: authorized.json<{ SAD: string }>().SAD,
      hash,
      hashAlgo: sha256Oid,
      signAlgo: rsaOid,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const cert = new X509Certificate(
      Buffer.from(
        (await csc(t, token, 'v2/credentials/info', { credentialID: rsaKey.id })).json<{
          cert: { certificates: string[] };
        }>().cert.certificates[0] ?? '',
        'base64',
      ),
    );
    const signature = Buffer.from(
      signed.json<{ signatures: string[] }>().signatures[0] ?? '',
      'base64',
    );
    expect(verify('sha256', data, cert.publicKey, signature)).toBe(true);
  }, 30_000);

  it('five wrong PINs block the key, on the CSC path and on Signet’s own', async () => {
    const key = await activatedCredential(t, ann, { description: 'Ann to block' });
    const hashes = [sha256('blocked')];
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await authorize(token, key.id, hashes, '000000')).json());
    expect(answers.slice(0, 4)).toEqual(
      Array(4).fill(expect.objectContaining({ error: 'invalid_pin' })),
    );
    const right = await authorize(token, key.id, hashes, keyPassword);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringMatching(/blocked/i),
    });
    await expect(
      signHashes(ctx, {
        credentialId: key.id,
        userId: ann.id,
        hashes,
        hashAlgorithm: 'sha256',
        authorisation: { type: 'keyPassword', keyPassword },
      }),
    ).rejects.toMatchObject({ code: 'KEY_BLOCKED' });
  }, 60_000);
});
