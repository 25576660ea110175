import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential, CredentialPage } from '@signet/contracts/credentials';
import {
  bootstrap,
  createCredential,
  createRsspTestApp,
  credentialInput,
  fastKdfEnv,
  keyPassword,
  person,
  post,
  puk,
  rsspTestEnv,
  adminAccount,
  type Person,
} from './rssp-fixture';
import { createTestApp, type TestApp } from './test-app';

/** Every credential call naming an id, with a valid body, so only access decides the answer. */
function callsOn(id: string, pem: string) {
  return [
    { method: 'GET', url: `/rssp/v1/credentials/${id}` },
    { method: 'PUT', url: `/rssp/v1/credentials/${id}`, payload: { description: 'Hijacked' } },
    { method: 'DELETE', url: `/rssp/v1/credentials/${id}` },
    { method: 'GET', url: `/rssp/v1/credentials/${id}/certificateRequest` },
    {
      method: 'POST',
      url: `/rssp/v1/credentials/${id}/activate`,
      payload: { keyPassword, keyPuk: puk },
    },
    {
      method: 'POST',
      url: `/rssp/v1/credentials/${id}/changePassword`,
      payload: { oldKeyPassword: keyPassword, newKeyPassword: keyPassword },
    },
    {
      method: 'POST',
      url: `/rssp/v1/credentials/${id}/unlock`,
      payload: { keyPuk: puk, newKeyPassword: keyPassword },
    },
    {
      method: 'POST',
      url: `/rssp/v1/credentials/${id}/changePuk`,
      payload: { oldKeyPuk: puk, newKeyPuk: puk, newKeyPassword: keyPassword },
    },
    { method: 'PUT', url: `/rssp/v1/credentials/${id}/certificateChain`, payload: [pem] },
    {
      method: 'POST',
      url: `/rssp/v1/credentials/${id}/certificateEnrollment`,
      payload: { kind: 'csr' },
    },
    { method: 'POST', url: `/rssp/v1/credentials/${id}/clearPreauthorization` },
  ] as const;
}

describe('rSSP credentials: ownership and roles', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let annsKey: Credential;

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp(fastKdfEnv));
    annsKey = await createCredential(t, ann, { certificateEnrollmentMode: 'CMP' });
    const res = await post(t, ann, `/rssp/v1/credentials/${annsKey.id}/activate`, {
      keyPassword,
      keyPuk: puk,
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("answers 404 to user B for every call on user A's credential, and changes nothing", async () => {
    for (const call of callsOn(annsKey.id, annsKey.certChain[0]?.pem ?? '')) {
      const res = await t.app.inject({ ...call, headers: bob.headers } as InjectOptions);
      expect({
        call: `${call.method} ${call.url}`,
        status: res.statusCode,
        code: res.json().code,
      }).toEqual({
        call: `${call.method} ${call.url}`,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    const stillThere = await t.app.inject({
      url: `/rssp/v1/credentials/${annsKey.id}`,
      headers: ann.headers,
    });
    expect(stillThere.json()).toMatchObject({
      description: annsKey.description,
      status: 'ACTIVATED',
      keyBlocked: false,
    });
    const bobsList = await t.app.inject({ url: '/rssp/v1/credentials/self', headers: bob.headers });
    expect(bobsList.json<CredentialPage>().total).toBe(0);
  });

  it('answers 403 to a user on the admin list, and lists everyone for the admin with user and e-mail', async () => {
    const refused = await t.app.inject({ url: '/rssp/v1/credentials', headers: ann.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const all = await t.app.inject({
      url: `/rssp/v1/credentials?userId=${ann.id}`,
      headers: admin.headers,
    });
    expect(all.statusCode).toBe(200);
    const page = all.json<CredentialPage>();
    expect(page.content[0]).toMatchObject({
      id: annsKey.id,
      user: { id: ann.id, email: 'ann@example.com' },
    });
    const byEmail = await t.app.inject({
      url: '/rssp/v1/credentials?q=ann%40example',
      headers: admin.headers,
    });
    expect(byEmail.json<CredentialPage>().total).toBeGreaterThanOrEqual(1);
    const unauthenticated = await t.app.inject({ url: '/rssp/v1/credentials/self' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it("lets the admin read and manage another user's credential but not use its key password (403)", async () => {
    const read = await t.app.inject({
      url: `/rssp/v1/credentials/${annsKey.id}`,
      headers: admin.headers,
    });
    expect(read.statusCode).toBe(200);
    for (const path of [
      'changePassword',
      'unlock',
      'changePuk',
      'activate',
      'clearPreauthorization',
    ]) {
      const call = callsOn(annsKey.id, '').find((c) => c.url.endsWith(`/${path}`));
      const res = await t.app.inject({ ...call, headers: admin.headers } as InjectOptions);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 403 });
    }
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/rssp/v1/credentials/${annsKey.id}`,
      headers: admin.headers,
      payload: { description: 'Renamed by admin' },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('lets the admin create a credential for an enabled user, and refuses userId from a user', async () => {
    const res = await post(
      t,
      admin,
      '/rssp/v1/credentials',
      credentialInput({ userId: bob.id, description: 'For Bob' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: bob.id, user: { email: 'bob@example.com' } });
    const bobs = await t.app.inject({ url: '/rssp/v1/credentials/self', headers: bob.headers });
    expect(bobs.json<CredentialPage>().content.map((c) => c.description)).toEqual(['For Bob']);
    const unknown = await post(
      t,
      admin,
      '/rssp/v1/credentials',
      credentialInput({ userId: 'b0000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { userId: 'Choose an enabled user' },
    });
    const foreign = await post(t, ann, '/rssp/v1/credentials', credentialInput({ userId: bob.id }));
    expect(foreign.statusCode).toBe(403);
  });
});

describe('rSSP credentials: adminOnlyCredentialManagement', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ...rsspTestEnv, ...fastKdfEnv, ADMIN_ONLY_CREDENTIAL_MANAGEMENT: 'true' },
    });
    await bootstrap(t);
    admin = await person(t, adminAccount.email, adminAccount.password, false);
    ann = await person(t, 'ann@example.com');
  });
  afterAll(() => t.close());

  it('answers 403 to a user creating, updating, deleting or editing certificates; the admin may', async () => {
    const create = await post(t, ann, '/rssp/v1/credentials/', credentialInput());
    expect(create.statusCode).toBe(403);
    const forAnn = await post(
      t,
      admin,
      '/rssp/v1/credentials',
      credentialInput({ userId: ann.id }),
    );
    expect(forAnn.statusCode).toBe(201);
    const id = forAnn.json<Credential>().id;
    const update = await t.app.inject({
      method: 'PUT',
      url: `/rssp/v1/credentials/${id}`,
      headers: ann.headers,
      payload: { description: 'Renamed' },
    });
    expect(update.statusCode).toBe(403);
    const chain = await t.app.inject({
      method: 'PUT',
      url: `/rssp/v1/credentials/${id}/certificateChain`,
      headers: ann.headers,
      payload: ['x'],
    });
    expect(chain.statusCode).toBe(403);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/credentials/${id}`,
      headers: ann.headers,
    });
    expect(remove.statusCode).toBe(403);
    // The owner still activates it with her key password.
    const activate = await post(t, ann, `/rssp/v1/credentials/${id}/activate`, {
      keyPassword,
      keyPuk: puk,
    });
    expect(activate.statusCode).toBe(200);
  });
});
