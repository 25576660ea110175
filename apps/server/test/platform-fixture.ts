import type { FastifyBaseLogger } from 'fastify';
import { bootstrapIdp } from '#idp/accounts/bootstrap';
import { bootstrapPlatform } from '#platform/bootstrap';
import { createTestApp, type TestApp } from './test-app';
import { bearer, registerAccount, signIn } from './sign-in';

export const adminEmail = 'admin@example.com';
export const adminPassword = 'admin-password-1';
export const userPassword = 'user-password-1';

const quietLog = { info: () => undefined } as unknown as FastifyBaseLogger;

/** Runs the first-start steps of server.ts: the admin's user row and sign-in account. */
export async function bootstrap(t: TestApp): Promise<void> {
  await bootstrapPlatform(t.context, quietLog);
  await bootstrapIdp(t.context, quietLog);
}

/** A test app after first start, with the admin's known password. */
export async function createBootstrappedApp(
  options: { env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<TestApp> {
  const t = await createTestApp({
    ...options,
    env: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, ...options.env },
  });
  await bootstrap(t);
  return t;
}

/** The admin's bearer headers. */
export async function signInAdmin(t: TestApp): Promise<{ authorization: string }> {
  const { accessToken } = await signIn(t.app, { email: adminEmail, password: adminPassword });
  return bearer(accessToken);
}

/** Registers an account, signs it in and returns its bearer headers. */
export async function signInNewUser(
  t: TestApp,
  account: { email: string; givenName?: string; familyName?: string },
): Promise<{ authorization: string }> {
  await registerAccount(t.app, {
    email: account.email,
    password: userPassword,
    givenName: account.givenName ?? 'Test',
    familyName: account.familyName ?? 'User',
  });
  const { accessToken } = await signIn(t.app, { email: account.email, password: userPassword });
  return bearer(accessToken);
}
