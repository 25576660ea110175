import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userListQuerySchema } from '@signet/contracts/users';
import type { AppContext } from '#infra/app-context';
import type { AuthUser } from '#infra/auth-types';
import { loadConfig } from '#infra/config/config';
import { closeContext, createContext } from '#infra/create-context';
import { eventsDuring } from '#test/events-during';
import { testKeyEncryptionKey } from '#test/test-app';
import { createTestDatabase, type TestDatabase } from '#test/test-database';
import { bootstrapPlatform } from './bootstrap';
import * as users from './user-service';

const silentLog = {
  info: () => undefined,
} as unknown as Parameters<typeof bootstrapPlatform>[1];

describe('user service (real database)', () => {
  let testDatabase: TestDatabase;
  let context: AppContext;
  let admin: AuthUser;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:8080',
      KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
      ADMIN_EMAIL: 'boss@example.com',
      ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
    });
    context = await createContext(config, null);
    await bootstrapPlatform(context, silentLog);
    const first = await users.listUsers({ context, query: userListQuerySchema.parse({}) });
    const row = first.content[0]!;
    admin = {
      id: row.id,
      email: row.email,
      name: row.email,
      roles: row.roles,
      status: row.status,
      locale: 'EN',
      emailConfirmed: true,
    };
  });
  afterAll(async () => {
    await closeContext(context);
    await testDatabase.drop();
  });

  it('bootstraps one enabled admin and does nothing on the next start', async () => {
    const count = async () =>
      (await users.listUsers({ context, query: userListQuerySchema.parse({}) })).total;
    const before = await count();
    await bootstrapPlatform(context, silentLog);
    expect(await count()).toBe(before);
    expect(await users.getUser({ context, id: admin.id })).toMatchObject({
      email: 'boss@example.com',
      status: 'ENABLED',
      roles: ['admin', 'user', 'creator', 'signer', 'approver'],
    });
  });

  it('creates a user ENABLED with the default roles and refuses the same e-mail in any case', async () => {
    const user = await users.createUser({
      context,
      input: { email: 'Carol@Example.com', locale: 'HU' },
    });
    expect(user).toMatchObject({
      email: 'Carol@Example.com',
      status: 'ENABLED',
      roles: ['user', 'creator', 'signer'],
      locale: 'HU',
      verified: false,
      verificationMandatory: false,
      firstName: null,
    });
    await expect(
      users.createUser({ context, input: { email: 'carol@example.COM', locale: 'EN' } }),
    ).rejects.toMatchObject({ code: 'ALREADY_EXISTS', status: 409 });
  });

  it('suspending an enabled user publishes LOGOUT on both streams, once', async () => {
    const user = await users.createUser({
      context,
      input: { email: 'dave@example.com', status: 'ENABLED', locale: 'EN' },
    });
    const seen = await eventsDuring(context.events, async () => {
      await users.updateUser({
        context,
        actor: admin,
        id: user.id,
        input: { status: 'SUSPENDED' },
      });
      await users.updateUser({
        context,
        actor: admin,
        id: user.id,
        input: { status: 'SUSPENDED' },
      });
    });
    expect(seen.map((e) => [e.name, e.stream, e.userId])).toEqual([
      ['LOGOUT', 'rssp', user.id],
      ['LOGOUT', 'rdss', user.id],
    ]);
  });

  it('refuses an e-mail another user holds and changes nothing', async () => {
    await users.createUser({ context, input: { email: 'holder@example.com', locale: 'EN' } });
    const erin = await users.createUser({
      context,
      input: { email: 'erin@example.com', locale: 'EN' },
    });
    await expect(
      users.updateUser({
        context,
        actor: admin,
        id: erin.id,
        input: { email: 'HOLDER@example.com', roles: ['admin'] },
      }),
    ).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(await users.getUser({ context, id: erin.id })).toEqual(erin);
  });

  it('keeps an admin from suspending, demoting or deleting themself', async () => {
    const self = { context, actor: admin, id: admin.id };
    await expect(
      users.updateUser({ ...self, input: { status: 'SUSPENDED' } }),
    ).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      message: 'You cannot suspend your own account',
    });
    await expect(users.updateUser({ ...self, input: { roles: ['signer'] } })).rejects.toMatchObject(
      {
        code: 'INVALID_REQUEST',
      },
    );
    await expect(users.deleteUser(self)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect((await users.getUser(self)).status).toBe('ENABLED');
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await expect(users.getUser({ context, id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      users.updateUser({ context, actor: admin, id, input: { locale: 'HU' } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(users.deleteUser({ context, actor: admin, id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets a user change only their own names and language', async () => {
    const me = await users.updateSelf({
      context,
      actor: admin,
      input: { firstName: 'Ada', lastName: 'Boss', locale: 'HU' },
    });
    expect(me).toMatchObject({ firstName: 'Ada', lastName: 'Boss', locale: 'HU' });
    expect(me.roles).toContain('admin');
  });

  it('searches by e-mail or name with LIKE characters taken literally', async () => {
    await users.createUser({ context, input: { email: 'Quentin@Example.com', locale: 'EN' } });
    await users.updateSelf({
      context,
      actor: admin,
      input: { firstName: 'Ada', lastName: 'Boss' },
    });
    const search = (q: string) =>
      users.listUsers({ context, query: userListQuerySchema.parse({ q, 'sort-field': 'email' }) });
    expect((await search('QUENTIN')).content.map((u) => u.email)).toEqual(['Quentin@Example.com']);
    expect((await search('ada boss')).content.map((u) => u.email)).toEqual(['boss@example.com']);
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
  });

  it('lists enabled users only, limited to maxResults', async () => {
    await users.createUser({
      context,
      input: { email: 'enabled-one@example.com', status: 'ENABLED', locale: 'EN' },
    });
    await users.createUser({
      context,
      input: { email: 'asleep@example.com', status: 'SUSPENDED', locale: 'EN' },
    });
    const { items } = await users.listEnabledUsers({ context, query: { maxResults: 100 } });
    const emails = items.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['boss@example.com', 'enabled-one@example.com']));
    expect(emails).not.toContain('asleep@example.com');
    const one = await users.listEnabledUsers({ context, query: { maxResults: 1 } });
    expect(one.items).toHaveLength(1);
  });

  it('deletes a user and publishes LOGOUT for them', async () => {
    const gone = await users.createUser({
      context,
      input: { email: 'gone@example.com', locale: 'EN' },
    });
    const seen = await eventsDuring(context.events, () =>
      users.deleteUser({ context, actor: admin, id: gone.id }),
    );
    expect(seen.map((e) => `${e.name}:${e.userId}`)).toContain(`LOGOUT:${gone.id}`);
    await expect(users.getUser({ context, id: gone.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
