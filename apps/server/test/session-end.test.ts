import { SignJWT, decodeJwt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@signet/contracts/users';
import { ensureIdpSecrets } from '#idp/store/idp-keys';
import { csc, cscToken, registerCscClient, type CscClientCredentials } from './csc-fixture';
import { describeOnPostgres } from './describe-on-postgres';
import { adminPassword, adminEmail, createBootstrappedApp } from './platform-fixture';
import {
  expectStreamsEndAfter,
  openStreams,
  requestReset,
  resetTokenFromMail,
  submitReset,
} from './session-fixture';
import {
  bearer,
  browse,
  CookieJar,
  exchangeCode,
  postAccountForm,
  registerAccount,
  signIn,
  startSignIn,
  submitAutoForm,
  submitSignIn,
} from './sign-in';
import { openSse } from './sse-client';
import type { TestApp } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

type Headers = { authorization: string };
const password = 'session password 1';

interface Instances {
  /** Where the session is ended (the admin's and the account pages' instance). */
  one: TestApp;
  /** Where the user's streams are open and tokens are tried: another instance on PostgreSQL. */
  two: TestApp;
  twoBase: string;
  admin: Headers;
  /** A CSC client the admin registered: the user's CSC tokens end with the session too. */
  cscClient: CscClientCredentials;
}

/** A user signed in through the embedded provider in a browser of its own. */
interface SignedIn {
  email: string;
  id: string;
  jar: CookieJar;
  headers: Headers;
  idToken: string;
}

let counter = 0;

async function signedInUser(instances: Instances): Promise<SignedIn> {
  const { one } = instances;
  counter += 1;
  const email = `session${counter}@example.com`;
  await registerAccount(one.app, { email, password, givenName: 'Sam', familyName: 'Ends' });
  const start = await startSignIn(one.app);
  const callback = await submitSignIn(one.app, start, { email, password });
  if (!(callback instanceof URL)) throw new Error(`sign-in failed: ${callback.statusCode}`);
  const tokens = await exchangeCode(
    one.app,
    callback.searchParams.get('code')!,
    start.pkce.verifier,
  );
  const body = tokens.json<{ access_token: string; id_token: string }>();
  const headers = bearer(body.access_token);
  const self = await instances.two.app.inject({ url: '/api/v1/users/self', headers });
  expect(self.statusCode).toBe(200);
  return { email, id: self.json<User>().id, jar: start.jar, headers, idToken: body.id_token };
}

async function statusOn(t: TestApp, headers: Headers): Promise<number> {
  return (await t.app.inject({ url: '/api/v1/users/self', headers })).statusCode;
}

/**
 * Every way a session ends closes the user's open event streams within a second of the answer,
 * on the instance that holds them, and the user's token no longer works there; nor do the CSC
 * tokens the user granted before, on either instance (issue 39 §1).
 */
function sessionEndCases(instancesOf: () => Instances): void {
  const ends = async (
    refusedWith: number,
    end: (user: SignedIn, instances: Instances) => Promise<unknown>,
  ) => {
    const instances = instancesOf();
    const user = await signedInUser(instances);
    const cscBefore = await cscToken(instances.one, instances.cscClient, user);
    expect((await csc(instances.two, cscBefore, 'v2/credentials/list', {})).statusCode).toBe(200);
    const streams = await openStreams(instances.twoBase, user.headers);
    await expectStreamsEndAfter(streams, () => end(user, instances));
    for (const stream of streams) {
      expect(stream.events.map((e) => e.name)).toContain('LOGOUT');
    }
    expect(await statusOn(instances.two, user.headers)).toBe(refusedWith);
    expect(await statusOn(instances.one, user.headers)).toBe(refusedWith);
    for (const t of [instances.two, instances.one]) {
      const list = await csc(t, cscBefore, 'v2/credentials/list', {});
      expect(list.statusCode).toBe(401);
      expect(list.json()).toMatchObject({ error: 'invalid_token' });
    }
  };

  it('password change', async () => {
    await ends(401, async (user, { one }) => {
      const res = await postAccountForm(one.app, '/oidc/account/password', {
        email: user.email,
        currentPassword: password,
        newPassword: 'another session password',
        newPasswordConfirm: 'another session password',
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('password reset', async () => {
    const { one } = instancesOf();
    let token = '';
    await ends(401, async (user) => {
      const since = one.mailbox.received.length;
      expect((await requestReset(one.app, new CookieJar(), user.email)).statusCode).toBe(200);
      token = await resetTokenFromMail(one, user.email, since);
      const res = await submitReset(one.app, new CookieJar(), token, 'a reset session password');
      expect(res.statusCode).toBe(303);
    });
  });

  it('suspension by an admin', async () => {
    await ends(403, async (user, { one, admin }) => {
      const res = await one.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${user.id}`,
        headers: admin,
        payload: { status: 'SUSPENDED' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it("an admin's End sessions", async () => {
    await ends(401, async (user, { one, admin }) => {
      const res = await one.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${user.id}/sessions`,
        headers: admin,
      });
      expect(res.statusCode).toBe(204);
    });
  });

  it('deletion by an admin', async () => {
    await ends(401, async (user, { one, admin }) => {
      const res = await one.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${user.id}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(204);
    });
  });

  it('deletion of the sign-in account by its owner', async () => {
    await ends(401, async (user, { one }) => {
      const res = await postAccountForm(one.app, '/oidc/account/delete', {
        email: user.email,
        password,
        confirm: 'yes',
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('sign-out', async () => {
    await ends(401, async (user, { one }) => {
      const logout = await browse(one.app, user.jar, {
        url: `/oidc/session/end?${new URLSearchParams({
          id_token_hint: user.idToken,
          post_logout_redirect_uri: 'http://localhost:8080/welcome',
        }).toString()}`,
      });
      expect(logout.statusCode).toBe(200);
      const landed = await submitAutoForm(one.app, user.jar, logout);
      expect(landed).toBeInstanceOf(URL);
    });
  });
}

describe('a session that ends closes its event streams (one instance)', () => {
  let t: TestApp;
  let instances: Instances;
  beforeAll(async () => {
    t = await createBootstrappedApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { accessToken } = await signIn(t.app, { email: adminEmail, password: adminPassword });
    const admin = bearer(accessToken);
    const cscClient = await registerCscClient(t, { headers: admin });
    instances = { one: t, two: t, twoBase: base, admin, cscClient };
  });
  afterAll(() => t.close());

  sessionEndCases(() => instances);

  it('refuses End sessions to a non-admin and for an unknown user, and publishes nothing', async () => {
    const user = await signedInUser(instances);
    const streams = await openStreams(instances.twoBase, user.headers);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${user.id}/sessions`,
      headers: user.headers,
    });
    expect(own.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/00000000-0000-4000-8000-000000000000/sessions',
      headers: instances.admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await statusOn(t, user.headers)).toBe(200);
    for (const stream of streams) {
      expect(stream.events.some((e) => e.name === 'LOGOUT')).toBe(false);
      stream.close();
    }
  });

  it('ends a stream when its access token expires', async () => {
    const user = await signedInUser(instances);
    const { sub, ver } = decodeJwt(user.headers.authorization.slice('Bearer '.length));
    const { signingKeys } = await ensureIdpSecrets(t.context.database.db, t.context.keyRing);
    const jwk = signingKeys[0]!;
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await new SignJWT({
      sub,
      ver,
      email: user.email,
      iss: t.context.config.oidcIssuer,
      aud: 'urn:signet:api',
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'at+jwt' })
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(await importJWK(jwk, 'RS256'));
    const stream = await openSse(`${instances.twoBase}/rdss/v1/events`, bearer(shortLived));
    expect(stream.response.status).toBe(200);
    await stream.ended;
    const endedAt = Date.now();
    expect(endedAt).toBeGreaterThanOrEqual(expiresAt * 1000 - 50);
    expect(endedAt).toBeLessThan(expiresAt * 1000 + 1_000);
    expect(stream.events.some((e) => e.name === 'LOGOUT')).toBe(false);
  });
});

describeOnPostgres('a session that ends closes its event streams on another instance', () => {
  let database: TestDatabase;
  let instances: Instances;
  beforeAll(async () => {
    database = await createTestDatabase();
    const one = await createBootstrappedApp({ databaseUrl: database.url });
    const two = await createBootstrappedApp({ databaseUrl: database.url });
    const twoBase = await two.app.listen({ port: 0, host: '127.0.0.1' });
    const { accessToken } = await signIn(one.app, { email: adminEmail, password: adminPassword });
    const admin = bearer(accessToken);
    const cscClient = await registerCscClient(one, { headers: admin });
    instances = { one, two, twoBase, admin, cscClient };
  }, 60_000);
  afterAll(async () => {
    await instances?.two.close();
    await instances?.one.close();
    await database?.drop();
  });

  sessionEndCases(() => instances);
});
