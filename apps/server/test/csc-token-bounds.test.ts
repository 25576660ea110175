import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import { sql } from 'drizzle-orm';
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
import { createRsspTestApp, fastKdfEnv, keyPassword, person, type Person } from './rssp-fixture';
import { activatedCredential } from './signing-fixture';
import type { TestApp } from './test-app';
import { freePort } from './free-port';

const sha256 = (data: string) => createHash('sha256').update(data).digest();
const sha256Oid = '2.16.840.1.101.3.4.2.1';
const sha384Oid = '2.16.840.1.101.3.4.2.2';
const ecdsaSha256Oid = '1.2.840.10045.4.3.2';

/**
 * What a CSC access token may do is bounded by the user's session, by the number of signatures
 * it was consented for and by hashes that fit their algorithm; a reused code ends its token
 * (issue 39 §1, §3, §4 and RFC 6749 §4.1.2). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('CSC tokens: their session, their signatures, their hashes, their code', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let client: CscClientCredentials;
  let annKey: Credential;

  beforeAll(async () => {
    const port = await freePort();
    ({ t, admin, ann } = await createRsspTestApp({
      ...fastKdfEnv,
      RSSP_API_URL: `http://127.0.0.1:${port}/rssp`,
    }));
    await t.app.listen({ port, host: '127.0.0.1' });
    annKey = await activatedCredential(t, ann, { description: 'Ann EC' });
    client = await registerCscClient(t, admin);
  }, 120_000);
  afterAll(() => t.close());

  const authorize = (
    tok: string,
    credentialID: string,
    hashes: Buffer[],
    pin = keyPassword,
    hashAlgorithmOID = sha256Oid,
  ) =>
    csc(t, tok, 'v2/credentials/authorize', {
      credentialID,
      numSignatures: hashes.length,
      hashes: hashes.map((h) => h.toString('base64')),
      hashAlgorithmOID,
      authData: [{ id: 'PIN', value: pin }],
    });
  const signHash = (tok: string, credentialID: string, SAD: string, hashes: Buffer[]) =>
    csc(t, tok, 'v2/signatures/signHash', {
      credentialID,
      SAD,
      hashes: hashes.map((h) => h.toString('base64')),
      hashAlgorithmOID: sha256Oid,
      signAlgo: ecdsaSha256Oid,
    });
  const sadCount = async () => {
    const rows = await t.context.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from rssp.signing_authorisations`,
    );
    return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  it("an admin's End sessions ends the user's CSC tokens: no list, no authorize, no signHash with a SAD taken before", async () => {
    const cara = await person(t, 'cara@example.com');
    const key = await activatedCredential(t, cara, { description: 'Cara EC' });
    const token = await cscToken(t, client, cara);
    const hashes = [sha256('signed before the end')];
    const authorised = await authorize(token, key.id, hashes);
    expect(authorised.statusCode, authorised.body).toBe(200);
    const { SAD } = authorised.json<{ SAD: string }>();
    // A code the user gave before the end, not yet exchanged by the client.
    const { verifier, challenge } = pkcePair();
    const { redirectTo } = await authorizeInBrowser(t, cara, {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: clientRedirectUri,
      scope: 'service',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${cara.id}/sessions`,
      headers: admin.headers,
    });
    expect(ended.statusCode).toBe(204);

    const list = await csc(t, token, 'v2/credentials/list', {});
    expect(list.statusCode).toBe(401);
    expect(list.json()).toMatchObject({ error: 'invalid_token' });
    expect((await authorize(token, key.id, [sha256('after the end')])).statusCode).toBe(401);
    const signed = await signHash(token, key.id, SAD, hashes);
    expect(signed.statusCode).toBe(401);
    expect(signed.json()).toMatchObject({ error: 'invalid_token' });
    const late = await tokenCall(t, client, {
      code: redirectTo.searchParams.get('code') ?? '',
      code_verifier: verifier,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'invalid_grant' });
    // Ann's sessions did not end: her tokens still work.
    const annToken = await cscToken(t, client, ann);
    expect((await csc(t, annToken, 'v2/credentials/list', {})).statusCode).toBe(200);
  }, 60_000);

  it('a token consented for one signature authorises one, over calls and at once', async () => {
    const once = await cscToken(t, client, ann, {
      scope: 'credential',
      credentialID: annKey.id,
      numSignatures: '1',
    });
    const first = await authorize(once, annKey.id, [sha256('first')]);
    expect(first.statusCode, first.body).toBe(200);
    for (const text of ['second', 'third']) {
      const more = await authorize(once, annKey.id, [sha256(text)]);
      expect(more.statusCode).toBe(400);
      expect(more.json()).toEqual({
        error: 'invalid_request',
        error_description: 'More signatures than the token allows',
      });
    }
    // Two allowed, three asked for at once: exactly two SADs.
    const twice = await cscToken(t, client, ann, {
      scope: 'credential',
      credentialID: annKey.id,
      numSignatures: '2',
    });
    const racing = await Promise.all(
      ['a', 'b', 'c'].map((text) => authorize(twice, annKey.id, [sha256(text)])),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 400]);
    // A wrong PIN authorises nothing, so it spends nothing of the token.
    const pinned = await cscToken(t, client, ann, {
      scope: 'credential',
      credentialID: annKey.id,
      numSignatures: '1',
    });
    const wrong = await authorize(pinned, annKey.id, [sha256('pin')], '000000');
    expect(wrong.json()).toMatchObject({ error: 'invalid_pin' });
    expect((await authorize(pinned, annKey.id, [sha256('pin')])).statusCode).toBe(200);
  }, 60_000);

  it('refuses at authorize a hash whose length is not its algorithm’s, issuing no SAD', async () => {
    const token = await cscToken(t, client, ann);
    const before = await sadCount();
    const short = await authorize(token, annKey.id, [Buffer.alloc(20, 1)]);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid parameter hashes (a SHA-256 hash has 32 bytes)',
    });
    const mixed = await authorize(token, annKey.id, [sha256('fits'), Buffer.alloc(48, 2)]);
    expect(mixed.statusCode).toBe(400);
    const named384 = await authorize(
      token,
      annKey.id,
      [sha256('32 bytes')],
      keyPassword,
      sha384Oid,
    );
    expect(named384.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid parameter hashes (a SHA-384 hash has 48 bytes)',
    });
    // v1 names no algorithm: one taken from the first hash's length must fit them all.
    const v1 = await csc(t, token, 'v1/credentials/authorize', {
      credentialID: annKey.id,
      numSignatures: 1,
      hash: [Buffer.alloc(20, 3).toString('base64')],
      PIN: keyPassword,
    });
    expect(v1.statusCode).toBe(400);
    expect(v1.json()).toMatchObject({ error: 'invalid_request' });
    expect(await sadCount()).toBe(before);
  }, 30_000);

  it('a code used twice ends the token it was exchanged for (RFC 6749 §4.1.2)', async () => {
    const { verifier, challenge } = pkcePair();
    const { redirectTo } = await authorizeInBrowser(t, ann, {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: clientRedirectUri,
      scope: 'service',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const code = redirectTo.searchParams.get('code') ?? '';
    const first = await tokenCall(t, client, { code, code_verifier: verifier });
    expect(first.statusCode).toBe(200);
    const token = first.json<{ access_token: string }>().access_token;
    expect((await csc(t, token, 'v2/credentials/list', {})).statusCode).toBe(200);
    const again = await tokenCall(t, client, { code, code_verifier: verifier });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await csc(t, token, 'v2/credentials/list', {})).statusCode).toBe(401);
  }, 30_000);
});
