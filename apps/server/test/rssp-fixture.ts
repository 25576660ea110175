import type { LightMyRequestResponse } from 'fastify';
import type { CreateCredentialInput, Credential } from '@signet/contracts/credentials';
import { bootstrapIdp } from '#idp/accounts/bootstrap';
import { bootstrapPlatform } from '#platform/bootstrap';
import { bearer, registerAccount, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

/** A signed-in person of a test: id, e-mail and inject headers. */
export interface Person {
  id: string;
  email: string;
  headers: { authorization: string };
}

export const adminAccount = { email: 'admin@example.com', password: 'admin-password-1' };

/** Test-only scrypt cost (2^14); production refuses anything below 2^17. */
export const fastKdfEnv = { KDF_SCRYPT_LOG2_N: '14' };

export const rsspTestEnv = {
  ADMIN_EMAIL: adminAccount.email,
  ADMIN_PASSWORD: adminAccount.password,
};

/** Runs the first-start bootstraps (first admin's row and sign-in account). */
export async function bootstrap(t: Pick<TestApp, 'app' | 'context'>): Promise<void> {
  await bootstrapPlatform(t.context, t.app.log);
  await bootstrapIdp(t.context, t.app.log);
}

/** Signs in (registering the account first unless it is the admin) and creates the user row. */
export async function person(
  t: Pick<TestApp, 'app'>,
  email: string,
  password = 'user-password-1',
  register = true,
): Promise<Person> {
  if (register)
    await registerAccount(t.app, {
      email,
      password,
      givenName: email.split('@')[0] ?? 'x',
      familyName: 'Test',
    });
  const { accessToken } = await signIn(t.app, { email, password });
  const headers = bearer(accessToken);
  const self = await t.app.inject({ url: '/api/v1/users/self', headers });
  if (self.statusCode !== 200) throw new Error(`users/self: ${self.statusCode} ${self.body}`);
  return { id: self.json<{ id: string }>().id, email, headers };
}

/** A test app with the first admin and two users, Ann and Bob. */
export async function createRsspTestApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; admin: Person; ann: Person; bob: Person }> {
  const t = await createTestApp({ env: { ...rsspTestEnv, ...env } });
  await bootstrap(t);
  const admin = await person(t, adminAccount.email, adminAccount.password, false);
  const ann = await person(t, 'ann@example.com');
  const bob = await person(t, 'bob@example.com');
  return { t, admin, ann, bob };
}

export function credentialInput(
  overrides: Partial<CreateCredentialInput> = {},
): CreateCredentialInput {
  return {
    description: 'Test credential',
    keyAlg: 'ec',
    ecCurveName: 'prime256v1',
    authMode: 'EXPLICIT',
    certificateEnrollmentMode: 'MANUAL',
    distinguishedName: { commonName: 'Ann Test', countryName: 'HU' },
    ...overrides,
  };
}

/** Creates a credential through the API; throws unless 201. */
export async function createCredential(
  t: Pick<TestApp, 'app'>,
  who: Person,
  overrides: Partial<CreateCredentialInput> = {},
): Promise<Credential> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/rssp/v1/credentials/',
    headers: who.headers,
    payload: credentialInput(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json<Credential>();
}

export function post(
  t: Pick<TestApp, 'app'>,
  who: Person,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export const puk = '123456789012';
export const keyPassword = '246810';
