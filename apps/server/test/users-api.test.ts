import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User, UserPage } from '@signet/contracts/users';
import type { TestApp } from './test-app';
import { adminEmail, createBootstrappedApp, signInAdmin, signInNewUser } from './platform-fixture';

type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('users API', () => {
  let t: TestApp;
  let admin: Headers;
  let ann: Headers;
  let annId: string;

  const call = (method: Method, url: string, headers?: Headers, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(headers ? { headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const listAll = async (): Promise<User[]> =>
    (await call('GET', '/users?page-size=50', admin)).json<UserPage>().content;

  beforeAll(async () => {
    t = await createBootstrappedApp();
    admin = await signInAdmin(t);
    ann = await signInNewUser(t, { email: 'ann@example.com', givenName: 'Ann', familyName: 'Lee' });
    annId = (await call('GET', '/users/self', ann)).json<User>().id;
  });
  afterAll(() => t.close());

  describe('authentication and roles', () => {
    it('answers 401 UNAUTHORIZED without a token or with a bad one', async () => {
      for (const url of ['/users/self', '/users/self/stats', '/users', '/users/defaultRoles']) {
        const res = await call('GET', url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      const bad = await call('GET', '/users/self', { authorization: 'Bearer not.a.token' });
      expect(bad.statusCode).toBe(401);
    });

    it('answers a NUL character in a query, a path or a body with 400 VALIDATION_FAILED', async () => {
      const inQuery = await call('GET', '/users?q=a%00b', admin);
      expect(inQuery.statusCode).toBe(400);
      expect(inQuery.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { q: 'Must not contain a NUL character' },
      });
      const inPath = await call('GET', '/users/a%00b', admin);
      expect(inPath.statusCode).toBe(400);
      expect(inPath.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const before = await listAll();
      const inBody = await call('PUT', '/users/self', ann, {
        firstName: 'An\u0000n',
        lastName: 'Lee',
      });
      expect(inBody.statusCode).toBe(400);
      expect(inBody.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { firstName: 'Must not contain a NUL character' },
      });
      expect(await listAll()).toEqual(before);
    });

    it('answers JSON nested 100,000 levels deep with 400, with or without a token', async () => {
      const levels = 100_000;
      const arrays = `${'['.repeat(levels)}${']'.repeat(levels)}`;
      const objects = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
      expect(objects.length).toBeLessThan(1024 * 1024);
      const before = await listAll();
      for (const body of [arrays, `{"firstName":"Ann","lastName":${objects}}`]) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/v1/users/self',
          headers: { ...ann, 'content-type': 'application/json' },
          payload: body,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      expect(await listAll()).toEqual(before);
      // A route anyone may call, on the CSC API's own error shape.
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/csc/v2/oauth2/login_required',
        headers: { 'content-type': 'application/json' },
        payload: `{"requestId":${arrays}}`,
      });
      expect(anonymous.statusCode, anonymous.body).toBe(400);
      expect(anonymous.json()).toMatchObject({ error: 'invalid_request' });
      // A shallow body is still read as before.
      const fine = await call('PUT', '/users/self', ann, { firstName: 'Ann', lastName: 'Lee' });
      expect(fine.statusCode).toBe(200);
    });

    it('links the first admin row to the admin sign-in', async () => {
      const res = await call('GET', '/users/self', admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: adminEmail,
        status: 'ENABLED',
        roles: ['admin', 'user', 'creator', 'signer', 'approver'],
      });
    });

    it('creates a registered user on first sight with the default roles and their names', async () => {
      const fay = await signInNewUser(t, {
        email: 'fay@example.com',
        givenName: 'Fay',
        familyName: 'Lee',
      });
      const res = await call('GET', '/users/self', fay);
      expect(res.json()).toMatchObject({
        email: 'fay@example.com',
        firstName: 'Fay',
        lastName: 'Lee',
        status: 'ENABLED',
        roles: ['user', 'creator', 'signer'],
        locale: 'EN',
        verified: false,
        verificationMandatory: false,
      });
    });

    it('answers 403 FORBIDDEN to a user calling an admin route and changes nothing', async () => {
      const before = await listAll();
      for (const [method, url, payload] of [
        ['GET', '/users'],
        ['GET', '/users/enabled'],
        ['GET', '/users/defaultRoles'],
        ['GET', `/users/${annId}`],
        ['POST', '/users', { email: 'sneaky@example.com' }],
        ['PUT', `/users/${annId}`, { roles: ['admin'] }],
        ['DELETE', `/users/${annId}`],
      ] as const) {
        const res = await call(method, url, ann, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      expect(await listAll()).toEqual(before);
    });
  });

  describe('self', () => {
    it('answers zero stats', async () => {
      const res = await call('GET', '/users/self/stats', ann);
      expect(res.json()).toEqual({ pendingCount: 0, todoCount: 0, failedCount: 0, signedCount: 0 });
    });

    it('changes own names and language', async () => {
      const res = await call('PUT', '/users/self', ann, {
        firstName: 'Anna',
        lastName: 'Lee-Smith',
        locale: 'HU',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ firstName: 'Anna', lastName: 'Lee-Smith', locale: 'HU' });
      expect((await call('GET', '/users/self', ann)).json()).toMatchObject({ locale: 'HU' });
    });

    it('refuses roles, status or a blank name in own profile and changes nothing', async () => {
      const before = (await call('GET', '/users/self', ann)).json<User>();
      const roles = await call('PUT', '/users/self', ann, { roles: ['admin'] });
      expect(roles.statusCode).toBe(400);
      expect(roles.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const blank = await call('PUT', '/users/self', ann, { firstName: '  ', locale: 'EN' });
      expect(blank.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { firstName: 'Field is required' },
      });
      expect((await call('GET', '/users/self', ann)).json()).toEqual(before);
    });
  });

  describe('admin: create, read, update, delete', () => {
    it('answers the default roles', async () => {
      const res = await call('GET', '/users/defaultRoles', admin);
      expect(res.json()).toEqual({ roles: ['creator', 'signer'] });
    });

    it('creates a user ENABLED with the default roles and the names the admin typed', async () => {
      const res = await call('POST', '/users', admin, {
        email: 'bob@example.com',
        firstName: ' Bob ',
        lastName: 'Builder',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        email: 'bob@example.com',
        status: 'ENABLED',
        roles: ['user', 'creator', 'signer'],
        locale: 'EN',
        firstName: 'Bob',
        lastName: 'Builder',
      });
      const read = await call('GET', `/users/${res.json<User>().id}`, admin);
      expect(read.json()).toMatchObject({
        status: 'ENABLED',
        firstName: 'Bob',
        lastName: 'Builder',
      });
      const unnamed = await call('POST', '/users', admin, { email: 'bea@example.com' });
      expect(unnamed.json()).toMatchObject({ status: 'ENABLED', firstName: null, lastName: null });
    });

    it('creates a user with the roles, status and language given', async () => {
      const res = await call('POST', '/users', admin, {
        email: 'cecil@example.com',
        roles: ['approver', 'admin'],
        status: 'SUSPENDED',
        verificationMandatory: true,
        locale: 'HU',
      });
      expect(res.json()).toMatchObject({
        roles: ['admin', 'user', 'approver'],
        status: 'SUSPENDED',
        verificationMandatory: true,
        locale: 'HU',
      });
    });

    it('answers 409 ALREADY_EXISTS for an e-mail taken in any case, and creates nothing', async () => {
      expect((await call('POST', '/users', admin, { email: 'dup@example.com' })).statusCode).toBe(
        201,
      );
      const before = await listAll();
      const res = await call('POST', '/users', admin, { email: 'DUP@example.com' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
      expect(res.json().message).toMatch(/^User /);
      expect(await listAll()).toEqual(before);
    });

    it('answers 400 VALIDATION_FAILED with the field message for a bad e-mail', async () => {
      const before = await listAll();
      const res = await call('POST', '/users', admin, { email: 'not-an-email' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { email: 'email must be valid' },
      });
      const role = await call('POST', '/users', admin, { email: 'x@example.com', roles: ['root'] });
      expect(role.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { 'roles.0': expect.any(String) },
      });
      const extra = await call('POST', '/users', admin, { email: 'y@example.com', password: 'x' });
      expect(extra.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await listAll()).toEqual(before);
    });

    it('reads, updates and deletes a user by id', async () => {
      const created = (
        await call('POST', '/users', admin, { email: 'dora@example.com' })
      ).json<User>();
      expect((await call('GET', `/users/${created.id}`, admin)).json()).toEqual(created);

      const updated = await call('PUT', `/users/${created.id}`, admin, {
        email: 'Dora.New@example.com',
        roles: ['signer'],
        status: 'ENABLED',
        verificationMandatory: true,
        locale: 'HU',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        id: created.id,
        email: 'Dora.New@example.com',
        roles: ['user', 'signer'],
        status: 'ENABLED',
        verificationMandatory: true,
        locale: 'HU',
      });

      const clash = await call('PUT', `/users/${created.id}`, admin, { email: 'ann@EXAMPLE.com' });
      expect(clash.statusCode).toBe(409);
      expect((await call('GET', `/users/${created.id}`, admin)).json()).toEqual(updated.json());

      const deleted = await call('DELETE', `/users/${created.id}`, admin);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      const gone = await call('GET', `/users/${created.id}`, admin);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('answers NOT_FOUND for an unknown id and VALIDATION_FAILED for a malformed one', async () => {
      const unknown = '3f2b8c1e-0000-4000-8000-000000000000';
      for (const method of ['GET', 'DELETE'] as const) {
        expect((await call(method, `/users/${unknown}`, admin)).statusCode).toBe(404);
      }
      expect((await call('PUT', `/users/${unknown}`, admin, { locale: 'EN' })).statusCode).toBe(
        404,
      );
      const malformed = await call('GET', '/users/42', admin);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { id: expect.any(String) },
      });
    });

    it('keeps an admin from suspending or deleting themself', async () => {
      const me = (await call('GET', '/users/self', admin)).json<User>();
      const suspend = await call('PUT', `/users/${me.id}`, admin, { status: 'SUSPENDED' });
      expect(suspend.statusCode).toBe(400);
      expect(suspend.json()).toMatchObject({
        code: 'INVALID_REQUEST',
        message: 'You cannot suspend your own account',
      });
      const remove = await call('DELETE', `/users/${me.id}`, admin);
      expect(remove.json()).toMatchObject({
        code: 'INVALID_REQUEST',
        message: 'You cannot delete your own account',
      });
      expect((await call('GET', '/users/self', admin)).json()).toEqual(me);
    });
  });

  describe('admin: list, paging, sorting, search', () => {
    beforeAll(async () => {
      await call('PUT', '/users/self', ann, { firstName: 'Anna', lastName: 'Lee' });
      for (let i = 0; i < 12; i++) {
        const n = String(i).padStart(2, '0');
        const res = await call('POST', '/users', admin, {
          email: `page${n}@list.example.org`,
          status: i % 2 === 0 ? 'ENABLED' : 'SUSPENDED',
        });
        expect(res.statusCode).toBe(201);
      }
    });

    const page = async (query: string) => {
      const res = await call('GET', `/users?${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<UserPage>();
    };

    it('pages with page-num and page-size, and reports the total', async () => {
      const all = await page('page-size=50&sort-field=email');
      // Pages count from 1 (P§7); page-size=0 answers only the total.
      const first = await page('page-size=10&page-num=1&sort-field=email');
      const second = await page('page-size=10&page-num=2&sort-field=email');
      expect(first.total).toBe(all.total);
      expect(first.content).toHaveLength(10);
      expect(second.content).toHaveLength(all.total - 10);
      expect([...first.content, ...second.content]).toEqual(all.content);
      expect((await page('page-size=10&page-num=9')).content).toEqual([]);
      expect(await page('page-size=0')).toEqual({ content: [], total: all.total });
      expect((await page('')).content).toHaveLength(10);
    });

    it('sorts by email, name, status, createdAt and id in both directions', async () => {
      const emails = (p: UserPage) => p.content.map((u) => u.email.toLowerCase());
      const asc = emails(await page('page-size=50&sort-field=email&sort-order=asc'));
      expect(asc).toEqual([...asc].sort());
      const desc = emails(await page('page-size=50&sort-field=email&sort-order=desc'));
      expect(desc).toEqual([...asc].reverse());

      const byStatus = (await page('page-size=50&sort-field=status')).content.map((u) => u.status);
      expect(byStatus).toEqual([...byStatus].sort());
      const newest = (await page('page-size=50&sort-field=createdAt&sort-order=desc')).content;
      const times = newest.map((u) => Date.parse(u.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const ids = (await page('page-size=50&sort-field=id')).content.map((u) => u.id);
      expect(ids).toEqual([...ids].sort());

      const names = (await page('page-size=50&q=example.com')).content;
      const anna = names.findIndex((u) => u.firstName === 'Anna');
      const unnamed = names.findIndex((u) => u.firstName === null);
      expect(unnamed).toBeLessThan(anna);
    });

    it('searches e-mail and names with q', async () => {
      const list = await page('q=LIST.EXAMPLE&page-size=25');
      expect(list.total).toBe(12);
      expect(list.content.every((u) => u.email.endsWith('@list.example.org'))).toBe(true);
      const byName = await page('q=anna%20lee');
      expect(byName.content.map((u) => u.email)).toEqual(['ann@example.com']);
      expect((await page('q=nobody-matches-this')).total).toBe(0);
    });

    it('lists enabled users for the picker with q and maxResults', async () => {
      const res = await call('GET', '/users/enabled?q=list.example&maxResults=4', admin);
      expect(res.statusCode).toBe(200);
      const { items } = res.json<{ items: Array<{ email: string }> }>();
      expect(items.map((u) => u.email)).toEqual([
        'page00@list.example.org',
        'page02@list.example.org',
        'page04@list.example.org',
        'page06@list.example.org',
      ]);
      expect(Object.keys(res.json().items[0]).sort()).toEqual([
        'email',
        'firstName',
        'id',
        'lastName',
      ]);
      const defaults = await call('GET', '/users/enabled?q=list.example', admin);
      expect(defaults.json().items).toHaveLength(5);
    });
  });

  describe('recipients of a chain', () => {
    it('lets a creator find enabled users by name or the start of an address, 5 at most; others get 403', async () => {
      const setRoles = async (roles: string[]) =>
        expect((await call('PUT', `/users/${annId}`, admin, { roles })).statusCode).toBe(200);
      await setRoles(['signer']);
      const refused = await call('GET', '/users/recipients?q=page', ann);
      expect(refused.statusCode).toBe(403);
      await setRoles(['creator', 'signer']);
      const found = await call('GET', '/users/recipients?q=page', ann);
      expect(found.statusCode).toBe(200);
      const { items } = found.json<{ items: Array<Record<string, unknown>> }>();
      // Enabled users only (every other one of the twelve is suspended), five at most.
      expect(items.map((u) => u.email)).toEqual([
        'page00@list.example.org',
        'page02@list.example.org',
        'page04@list.example.org',
        'page06@list.example.org',
        'page08@list.example.org',
      ]);
      const byName = await call('GET', '/users/recipients?q=anna%20lee', ann);
      expect(byName.json().items).toEqual([
        {
          id: annId,
          email: 'ann@example.com',
          firstName: 'Anna',
          lastName: 'Lee',
          canSign: true,
          canApprove: false,
        },
      ]);
    });

    it('is no public directory: three characters or an exact address, never roles, never a suspended user', async () => {
      // Too short, or "@" alone: refused, nothing listed.
      for (const q of ['%40', 'pa', '%20%20%40%20', 'a']) {
        const res = await call('GET', `/users/recipients?q=${q}`, ann);
        expect(res.statusCode, q).toBe(400);
        expect(res.json(), q).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { q: 'Type at least 3 characters' },
        });
        expect(res.json().items, q).toBeUndefined();
      }
      // A domain or any other part inside an address lists nobody.
      for (const q of ['%40list', 'list.example', '.org', 'example']) {
        const res = await call('GET', `/users/recipients?q=${q}`, ann);
        expect(res.statusCode, q).toBe(200);
        expect(res.json().items, q).toEqual([]);
      }
      // An exact address finds its enabled user, in any case; a suspended user is never found.
      const exact = await call('GET', '/users/recipients?q=PAGE10%40list.example.org', ann);
      expect(exact.json().items.map((u: { email: string }) => u.email)).toEqual([
        'page10@list.example.org',
      ]);
      const suspended = await call('GET', '/users/recipients?q=page03%40list.example.org', ann);
      expect(suspended.json().items).toEqual([]);
      // The admin is found like anyone else, but not as an admin.
      const adminFound = await call('GET', `/users/recipients?q=${adminEmail}`, ann);
      const [shown] = adminFound.json().items as Array<Record<string, unknown>>;
      expect(shown).toMatchObject({ email: adminEmail, canSign: true, canApprove: true });
      expect(Object.keys(shown!).sort()).toEqual([
        'canApprove',
        'canSign',
        'email',
        'firstName',
        'id',
        'lastName',
      ]);
      expect(JSON.stringify(adminFound.json())).not.toContain('admin"');
      // Never the whole directory at once.
      for (const query of ['', 'q=', 'q=page&maxResults=50']) {
        const res = await call('GET', `/users/recipients?${query}`, ann);
        expect(res.json(), query).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    });
  });

  describe('bad input gets the catalogue error and changes nothing', () => {
    it('refuses unknown query values and parameters with VALIDATION_FAILED', async () => {
      for (const [query, field] of [
        ['page-size=7', 'page-size'],
        ['sort-field=password', 'sort-field'],
        ['sort-order=up', 'sort-order'],
        ['page-num=-1', 'page-num'],
        ['page-num=0', 'page-num'],
        ['limit=5', 'querystring'],
      ] as const) {
        const res = await call('GET', `/users?${query}`, admin);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
        expect(Object.keys(res.json().fields), query).toContain(field);
      }
      const enabled = await call('GET', '/users/enabled?maxResults=1000', admin);
      expect(enabled.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const self = await call('GET', '/users/self?debug=true', ann);
      expect(self.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('answers INVALID_JSON for a body that is not JSON', async () => {
      const before = await listAll();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '{"email": "json@example.com",',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_JSON' });
      const text = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/self',
        headers: { ...ann, 'content-type': 'text/plain' },
        payload: 'firstName=Mallory',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({ code: 'BAD_REQUEST' });
      expect(await listAll()).toEqual(before);
    });

    it('answers PAYLOAD_TOO_LARGE for an oversized body', async () => {
      const before = await listAll();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${annId}`,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ status: 'SUSPENDED', padding: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(await listAll()).toEqual(before);
    });
  });

  describe('suspension', () => {
    it('answers USER_SUSPENDED to a suspended user and lets them back in when enabled', async () => {
      const carl = await signInNewUser(t, { email: 'carl@example.com' });
      const carlId = (await call('GET', '/users/self', carl)).json<User>().id;

      const suspend = await call('PUT', `/users/${carlId}`, admin, { status: 'SUSPENDED' });
      expect(suspend.json()).toMatchObject({ status: 'SUSPENDED' });
      for (const url of ['/users/self', '/users/self/stats']) {
        const res = await call('GET', url, carl);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'USER_SUSPENDED' });
      }

      await call('PUT', `/users/${carlId}`, admin, { status: 'ENABLED' });
      expect((await call('GET', '/users/self', carl)).statusCode).toBe(200);
    });
  });
});
