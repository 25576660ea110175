import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { postAccountForm, registerAccount } from './sign-in';
import type * as PasswordHash from '../src/idp/security/password-hash';

// Every call through the real scrypt hash of a password is counted (the hash itself still runs).
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/idp/security/password-hash', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordHash>();
  return {
    ...real,
    hashPassword: (password: string) => {
      hashes.count += 1;
      return real.hashPassword(password);
    },
  };
});

const person = (email: string) => ({
  email,
  password: 'first-password',
  givenName: 'Gail',
  familyName: 'Kovács',
});

describe('registration costs the same whether or not the address has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await registerAccount(t.app, person('gail@example.com'));
    await registerAccount(t.app, person('uma@example.com'), { confirm: false });
  });
  afterAll(() => t.close());

  it('hashes the password once on every path: a new, a confirmed and an unconfirmed address', async () => {
    const answers: { email: string; body: string; hashed: number }[] = [];
    for (const email of ['frank@example.com', 'GAIL@example.com', 'uma@example.com']) {
      hashes.count = 0;
      const res = await postAccountForm(t.app, '/oidc/register', {
        email,
        givenName: 'Other',
        familyName: 'Person',
        password: 'another-password',
        passwordConfirm: 'another-password',
      });
      expect(res.statusCode).toBe(200);
      answers.push({ email, body: res.body, hashed: hashes.count });
    }
    expect(answers.map((a) => [a.email, a.hashed])).toEqual([
      ['frank@example.com', 1],
      ['GAIL@example.com', 1],
      ['uma@example.com', 1],
    ]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });
});
