import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppContext } from '#infra/app-context';
import { loadConfig } from '#infra/config/config';
import { closeContext, createContext } from '#infra/create-context';
import { startMailbox, type Mailbox } from './mailbox';
import { requestReset, submitReset } from './session-fixture';
import { testKeyEncryptionKey } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';
import {
  bearer,
  CookieJar,
  postAccountForm,
  exchangeCode,
  registerAccount,
  startSignIn,
  submitSignIn,
} from './sign-in';

describe('identity provider logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let context: AppContext;
  let database: TestDatabase;
  let mailbox: Mailbox;

  beforeAll(async () => {
    database = await createTestDatabase();
    mailbox = await startMailbox();
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:8080',
      SMTP_URL: mailbox.smtpUrl,
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
    await mailbox.close();
  });

  it('never contains passwords, codes or tokens', async () => {
    const password = 'Very-Secret-Passw0rd';
    const newPassword = 'Another-Secret-Passw0rd';
    await registerAccount(
      app,
      { email: 'log@example.com', password, givenName: 'Log', familyName: 'Test' },
      { confirm: false },
    );
    const start = await startSignIn(app);
    await submitSignIn(app, start, { email: 'log@example.com', password: 'Wrong-Secret-Passw0rd' });
    // The same interaction goes on to a full sign-in, so its jar holds every cookie of the flow.
    const callback = await submitSignIn(app, start, { email: 'log@example.com', password });
    if (!(callback instanceof URL)) throw new Error(`sign-in failed: ${callback.statusCode}`);
    const code = callback.searchParams.get('code') ?? '';
    const tokens = (await exchangeCode(app, code, start.pkce.verifier)).json<{
      access_token: string;
      id_token: string;
    }>();
    const { access_token: accessToken, id_token: idToken } = tokens;
    const cookieValues = start.jar.allValues();
    expect(cookieValues.length).toBeGreaterThan(1);
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
      code,
      ...cookieValues,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/[?&]code=/);
  });

  it('never contains a reset link token, the new password or the reset sign-in', async () => {
    await registerAccount(app, {
      email: 'reset-log@example.com',
      password: 'Forgotten-Passw0rd',
      givenName: 'Log',
      familyName: 'Reset',
    });
    const jar = new CookieJar();
    await requestReset(app, jar, 'reset-log@example.com');
    // The registration's confirmation mail goes to the same address: take the reset one.
    let mail = await mailbox.next('reset-log@example.com');
    while (!mail.subject.includes('reset')) {
      mail = await mailbox.next('reset-log@example.com', mailbox.received.indexOf(mail) + 1);
    }
    const token = mail.text.match(/#([A-Za-z0-9_-]{43})/)?.[1] ?? '';
    expect(token).not.toBe('');
    const newPassword = 'Reset-Secret-Passw0rd';
    const done = await submitReset(app, jar, token, newPassword);
    expect(done.statusCode).toBe(303);
    const start = await startSignIn(app, {}, jar);
    expect(start.page.statusCode).toBe(303);
    const log = lines.join('');
    for (const secret of [token, newPassword, ...jar.allValues()]) {
      expect(log).not.toContain(secret);
    }
  });
});
