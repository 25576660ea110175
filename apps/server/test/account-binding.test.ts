import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User, UserPage } from '@signet/contracts/users';
import { createRsspContext } from '#rssp/create-rssp-context';
import { signHashes } from '#rssp/custody/sign-hashes';
import { linkIn } from './mailbox';
import {
  createCredential,
  createRsspTestApp,
  fastKdfEnv,
  keyPassword,
  post,
  puk,
  type Person,
} from './rssp-fixture';
import { bearer, postAccountForm, registerAccount, signIn } from './sign-in';
import type { TestApp } from './test-app';

const password = 'prepared-password-1';

describe('binding a prepared user row only by proof of the mailbox', () => {
  let t: TestApp;
  let admin: Person;
  beforeAll(async () => {
    ({ t, admin } = await createRsspTestApp(fastKdfEnv));
  });
  afterAll(() => t.close());

  const call = (url: string, headers: { authorization: string }) =>
    t.app.inject({ url: `/api/v1${url}`, headers });

  async function prepare(email: string): Promise<{ user: User; token: string }> {
    const since = t.mailbox.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin.headers,
      payload: { email, roles: ['admin'], status: 'ENABLED', locale: 'EN' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await t.mailbox.next(email, since);
    expect(mail.subject).toContain('your account is ready');
    const link = new URL(linkIn(mail, 'http://localhost:8080/join#'));
    return { user: res.json<User>(), token: link.hash.slice(1) };
  }

  async function registerAndSignIn(email: string): Promise<{ authorization: string }> {
    await registerAccount(
      t.app,
      { email, password, givenName: 'Reg', familyName: 'Istrant' },
      { confirm: false },
    );
    return bearer((await signIn(t.app, { email, password })).accessToken);
  }

  it('gives a registrant of a prepared admin address nothing until the mailed link is opened', async () => {
    const { user, token } = await prepare('boss@example.org');
    const registrant = await registerAndSignIn('boss@example.org');

    for (const url of ['/users/self', '/users']) {
      const res = await call(url, registrant);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    }
    // The prepared row is still unbound, with its roles.
    expect((await call(`/users/${user.id}`, admin.headers)).json()).toMatchObject({
      email: 'boss@example.org',
      roles: ['admin', 'user'],
    });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/self/invitation',
      headers: registrant,
      payload: { token: 'A'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(404);

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/self/invitation',
      headers: registrant,
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: user.id, roles: ['admin', 'user'] });
    expect((await call('/users/self', registrant)).json()).toMatchObject({ id: user.id });
    expect((await call('/users', registrant)).statusCode).toBe(200);

    // The link works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/self/invitation',
      headers: registrant,
      payload: { token },
    });
    expect(again.statusCode).toBe(404);
  });

  it('binds the prepared row once the registrant confirms the address with the registration mail', async () => {
    const { user } = await prepare('clerk@example.org');
    const since = t.mailbox.received.length;
    const before = await registerAndSignIn('clerk@example.org');
    expect((await call('/users/self', before)).statusCode).toBe(403);

    const mail = await t.mailbox.next('clerk@example.org', since);
    const path = new URL(linkIn(mail, 'http://localhost:8080/oidc/account/confirm/')).pathname;
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);

    const after = bearer(
      (await signIn(t.app, { email: 'clerk@example.org', password })).accessToken,
    );
    expect((await call('/users/self', after)).json()).toMatchObject({
      id: user.id,
      roles: ['admin', 'user'],
    });
  });

  it('lets a fresh address that nobody prepared sign in at once, unverified', async () => {
    const fresh = await registerAndSignIn('fresh@example.org');
    const self = await call('/users/self', fresh);
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ email: 'fresh@example.org', status: 'ENABLED' });
    expect((await call('/users', fresh)).statusCode).toBe(403);
  });
});

describe('an invitation that cannot be mailed', () => {
  let u: TestApp;
  let admin: Person;
  beforeAll(async () => {
    ({ t: u, admin } = await createRsspTestApp(fastKdfEnv));
  });
  afterAll(() => u.close());

  it('creates no user when the invitation mail cannot be sent', async () => {
    await u.mailbox.close();
    const res = await u.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin.headers,
      payload: { email: 'nomail@example.org', locale: 'EN' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const list = await u.app.inject({ url: '/api/v1/users?q=nomail', headers: admin.headers });
    expect(list.json<UserPage>().content).toHaveLength(0);
  });
});

describe('deleting a user, and ending sessions', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp(fastKdfEnv));
  });
  afterAll(() => t.close());

  it("answers a deleted user's token with 401, brings no row back, and their keys no longer sign", async () => {
    const created = await createCredential(t, bob);
    const activation = await post(t, bob, `/rssp/v1/credentials/${created.id}/activate`, {
      keyPassword,
      keyPuk: puk,
    });
    expect(activation.statusCode).toBe(200);
    const ctx = await createRsspContext(t.context);
    const sign = () =>
      signHashes(ctx, {
        credentialId: created.id,
        userId: bob.id,
        hashes: [createHash('sha256').update('data').digest()],
        hashAlgorithm: 'sha256',
        authorisation: { type: 'keyPassword', keyPassword },
      });
    await expect(sign()).resolves.toMatchObject({ signatures: [expect.any(Buffer)] });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${bob.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);

    for (const url of ['/api/v1/users/self', '/rssp/v1/credentials/self']) {
      const res = await t.app.inject({ url, headers: bob.headers });
      expect(res.statusCode, url).toBe(401);
    }
    const list = await t.app.inject({ url: '/api/v1/users?q=bob', headers: admin.headers });
    expect(list.json<UserPage>().content).toHaveLength(0);
    await expect(sign()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const all = await t.app.inject({ url: '/rssp/v1/credentials', headers: admin.headers });
    expect(JSON.stringify(all.json())).not.toContain(created.id);

    // Signing in again does not bring the user back either.
    const again = await signIn(t.app, { email: bob.email, password: 'user-password-1' });
    const res = await t.app.inject({
      url: '/api/v1/users/self',
      headers: bearer(again.accessToken),
    });
    expect(res.statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/v1/users?q=bob', headers: admin.headers })).json<UserPage>()
        .content,
    ).toHaveLength(0);
  });

  it('ends every session and token of the account when its password changes', async () => {
    const other = await signIn(t.app, { email: ann.email, password: 'user-password-1' });
    const res = await postAccountForm(t.app, '/oidc/account/password', {
      email: ann.email,
      currentPassword: 'user-password-1',
      newPassword: 'user-password-2',
      newPasswordConfirm: 'user-password-2',
    });
    expect(res.statusCode).toBe(200);
    for (const headers of [ann.headers, bearer(other.accessToken)]) {
      const self = await t.app.inject({ url: '/api/v1/users/self', headers });
      expect(self.statusCode).toBe(401);
    }
    const fresh = await signIn(t.app, { email: ann.email, password: 'user-password-2' });
    const self = await t.app.inject({
      url: '/api/v1/users/self',
      headers: bearer(fresh.accessToken),
    });
    expect(self.json()).toMatchObject({ id: ann.id });
  });
});
