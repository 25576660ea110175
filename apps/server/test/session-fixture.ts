import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { linkIn } from './mailbox';
import type { CookieJar } from './sign-in';
import { browse, csrfOf } from './sign-in';
import { openSse, type SseClient } from './sse-client';

/** Opens the user's rSSP and rDSS event streams and waits until each is delivering. */
export async function openStreams(
  base: string,
  headers: { authorization: string },
): Promise<SseClient[]> {
  const clients = await Promise.all(
    ['rssp', 'rdss'].map((stream) => openSse(`${base}/${stream}/v1/events`, headers)),
  );
  for (const client of clients) {
    expect(client.response.status).toBe(200);
    await client.next((e) => e.name === 'HEARTBEAT');
  }
  return clients;
}

/**
 * Runs `action` and expects every stream to end within `ms` of its answer (it publishes LOGOUT
 * before it answers). Returns the action's result.
 */
export async function expectStreamsEndAfter<T>(
  clients: SseClient[],
  action: () => Promise<T>,
  ms = 1_000,
): Promise<T> {
  const result = await action();
  const answeredAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const ended = await Promise.race([Promise.all(clients.map((c) => c.ended)), late]);
  clearTimeout(timer);
  expect(ended, `streams still open ${Date.now() - answeredAt} ms after the answer`).not.toBe(
    'late',
  );
  return result;
}

/** Asks for a reset link on the forgot-password page in the browser `jar`. */
export async function requestReset(
  app: FastifyInstance,
  jar: CookieJar,
  email: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const page = await browse(app, jar, { url: '/oidc/account/forgot', headers });
  return browse(app, jar, {
    method: 'POST',
    url: '/oidc/account/forgot',
    form: { email, csrf: csrfOf(page.body) },
    headers,
  });
}

/** The token of the next reset mail to `email` (the link's fragment). */
export async function resetTokenFromMail(t: TestApp, email: string, since = 0): Promise<string> {
  const mail = await t.mailbox.next(email, since);
  const link = linkIn(mail, 'http://localhost:8080/oidc/account/reset#');
  return link.slice(link.indexOf('#') + 1);
}

/** Posts a new password with a reset token, as the reset page does, in the browser `jar`. */
export async function submitReset(
  app: FastifyInstance,
  jar: CookieJar,
  token: string,
  password: string,
  confirm = password,
): Promise<LightMyRequestResponse> {
  const page = await browse(app, jar, { url: '/oidc/account/reset' });
  return browse(app, jar, {
    method: 'POST',
    url: '/oidc/account/reset',
    form: { token, newPassword: password, newPasswordConfirm: confirm, csrf: csrfOf(page.body) },
  });
}
