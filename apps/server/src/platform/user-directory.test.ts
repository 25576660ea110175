import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userListQuerySchema } from '@signet/contracts/users';
import type { AppContext } from '#infra/app-context';
import type { AccessTokenClaims } from '#infra/auth-types';
import { loadConfig } from '#infra/config/config';
import { closeContext, createContext } from '#infra/create-context';
import { testKeyEncryptionKey } from '#test/test-app';
import { createTestDatabase, type TestDatabase } from '#test/test-database';
import { createUser, listUsers } from './user-service';

const issuer = 'http://localhost:8080/oidc';

function claims(subject: string, email: string, emailVerified = false): AccessTokenClaims {
  return { issuer, subject, email, emailVerified, givenName: 'Given', familyName: 'Family' };
}

describe('user directory (real database)', () => {
  let testDatabase: TestDatabase;
  let context: AppContext;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:8080',
      KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
      ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
    });
    context = await createContext(config, null);
  });
  afterAll(async () => {
    await closeContext(context);
    await testDatabase.drop();
  });

  const countByEmail = async (email: string) =>
    (await listUsers({ context, query: userListQuerySchema.parse({ q: email, 'page-size': 50 }) }))
      .total;

  it('creates an ENABLED user with the default roles and names from the claims on first sight', async () => {
    const user = await context.users.resolve(claims('sub-new', 'new@example.com'));
    expect(user).toMatchObject({
      email: 'new@example.com',
      status: 'ENABLED',
      roles: ['user', 'creator', 'signer'],
      locale: 'EN',
    });
    const again = await context.users.resolve(claims('sub-new', 'new@example.com'));
    expect(again.id).toBe(user.id);
  });

  it("resolves a new user's first calls made at once to one row, none refused", async () => {
    const first = claims('sub-parallel', 'parallel@example.com', true);
    const users = await Promise.all(Array.from({ length: 8 }, () => context.users.resolve(first)));
    expect(new Set(users.map((user) => user.id)).size).toBe(1);
    expect(await countByEmail('parallel@example.com')).toBe(1);
  });

  it('links the row an admin created only to an account whose issuer verified the e-mail', async () => {
    const created = await createUser({
      context,
      input: { email: 'Linked@Example.com', roles: ['approver'], locale: 'HU' },
    });
    await expect(
      context.users.resolve(claims('sub-unproven', 'linked@example.com')),
    ).rejects.toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    expect(await context.users.find(created.id)).toMatchObject({ email: 'Linked@Example.com' });
    const user = await context.users.resolve(claims('sub-linked', 'linked@example.com', true));
    expect(user).toMatchObject({
      id: created.id,
      status: 'ENABLED',
      roles: ['user', 'approver'],
      locale: 'HU',
    });
  });

  it('creates one row when first requests race', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        context.users.resolve(claims('sub-race', 'race@example.com')),
      ),
    );
    expect(new Set(results.map((u) => u.id)).size).toBe(1);
    expect(await countByEmail('race@example.com')).toBe(1);
  });

  it('finds a user by id or e-mail for another service, with names and roles', async () => {
    const user = await context.users.resolve(claims('sub-find', 'find@example.com', true));
    const expected = {
      id: user.id,
      email: 'find@example.com',
      name: 'Given Family',
      firstName: 'Given',
      lastName: 'Family',
      status: 'ENABLED',
      roles: ['user', 'creator', 'signer'],
      emailConfirmed: true,
      locale: 'EN',
      mailPreference: 'ALL',
    };
    expect(await context.users.find(user.id)).toEqual(expected);
    expect(await context.users.findByEmail(' FIND@example.com ')).toEqual(expected);
    expect(await context.users.find('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await context.users.findByEmail('nobody@example.com')).toBeNull();
  });

  it('finds no user by an address nobody confirmed, until the issuer vouches for it', async () => {
    const user = await context.users.resolve(claims('sub-later', 'later@example.com'));
    expect(user.emailConfirmed).toBe(false);
    expect(await context.users.find(user.id)).toMatchObject({ emailConfirmed: false });
    expect(await context.users.findByEmail('later@example.com')).toBeNull();
    const vouched = await context.users.resolve(claims('sub-later', 'later@example.com', true));
    expect(vouched).toMatchObject({ id: user.id, emailConfirmed: true });
    expect(await context.users.findByEmail('later@example.com')).toMatchObject({ id: user.id });
  });

  it('refuses an e-mail another account confirmed', async () => {
    await context.users.resolve(claims('sub-first', 'taken@example.com', true));
    await expect(
      context.users.resolve(claims('sub-second', 'taken@example.com', true)),
    ).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(await countByEmail('taken@example.com')).toBe(1);
  });

  it('gives an address to the identity that proves it; an unconfirmed holder never gets it', async () => {
    const squatter = await context.users.resolve(claims('sub-squat', 'owner@example.com'));
    const owner = await context.users.resolve(claims('sub-owner', 'owner@example.com', true));
    expect(owner.id).not.toBe(squatter.id);
    expect(owner.emailConfirmed).toBe(true);
    expect(await context.users.findByEmail('owner@example.com')).toMatchObject({ id: owner.id });
    // The squatter's issuer vouching later changes nothing: the owner proved it first.
    const later = await context.users.resolve(claims('sub-squat', 'owner@example.com', true));
    expect(later).toMatchObject({ id: squatter.id, emailConfirmed: false });
  });
});
