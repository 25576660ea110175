import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppContext } from '#infra/app-context';
import { loadConfig } from '#infra/config';
import { closeContext, createContext } from '#infra/create-context';
import { testKeyEncryptionKey } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';
import {
  bearer,
  postAccountForm,
  registerAccount,
  signIn,
  startSignIn,
  submitSignIn,
} from './sign-in';

describe('identity provider logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let context: AppContext;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'trace',
      KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    context = await createContext(config, null);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ context, serveWebApp: false, logStream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeContext(context);
    await database.drop();
  });

  it('never contains passwords, codes or tokens', async () => {
    const password = 'Very-Secret-Passw0rd';
    const newPassword = 'Another-Secret-Passw0rd';
    await registerAccount(app, {
      email: 'log@example.com',
      password,
      givenName: 'Log',
      familyName: 'Test',
    });
    const start = await startSignIn(app);
    await submitSignIn(app, start, { email: 'log@example.com', password: 'Wrong-Secret-Passw0rd' });
    const { accessToken, idToken } = await signIn(app, { email: 'log@example.com', password });
    await app.inject({ url: '/api/v1/users/self', headers: bearer(accessToken) });
    await app.inject({ url: '/rssp/v1/events', headers: bearer(`${accessToken}x`) });
    await postAccountForm(app, '/oidc/account/password', {
      email: 'log@example.com',
      currentPassword: password,
      newPassword,
      newPasswordConfirm: newPassword,
    });
    const log = lines.join('');
    if (process.env.SHOW_LOG) console.error(log);
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [
      password,
      newPassword,
      'Wrong-Secret-Passw0rd',
      accessToken,
      idToken,
      accessToken.split('.')[2]!,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/[?&]code=/);
  });
});
