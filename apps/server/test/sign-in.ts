import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { appMailboxes, type ReceivedMail } from './mailbox';

/**
 * Signing in for server tests: the real authorization code flow with PKCE against the embedded
 * provider, through `app.inject` (authorize → sign-in page → login form → redirects with cookies →
 * code → token endpoint).
 *
 * ```ts
 * await registerAccount(t.app, { email: 'ann@example.com', password: 'secret-pass', givenName: 'Ann', familyName: 'Lee' });
 * const { accessToken } = await signIn(t.app, { email: 'ann@example.com', password: 'secret-pass' });
 * const res = await t.app.inject({ url: '/api/v1/users/self', headers: bearer(accessToken) });
 * ```
 */

export const testClientId = 'signet-web';
export const testRedirectUri = 'http://localhost:8080/login-callback';

/** `Authorization: Bearer <token>` as inject headers. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** A minimal browser cookie jar: keeps Set-Cookie values by name and path, sends matching ones. */
export class CookieJar {
  private cookies: StoredCookie[] = [];
  private seen = new Set<string>();

  /** Every cookie value the server ever set in this jar, expired ones included. */
  allValues(): string[] {
    return [...this.seen];
  }

  store(res: LightMyRequestResponse): void {
    const header = res.headers['set-cookie'];
    const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value !== '') this.seen.add(value);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = val;
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      }
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!expired) this.cookies.push({ name, value, path });
    }
  }

  header(url: string): string {
    const path = new URL(url, 'http://localhost').pathname;
    return this.cookies
      .filter(
        (c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

/** Path and query of a Location header (the provider answers with absolute URLs). */
export function locationOf(res: LightMyRequestResponse): string {
  const location = res.headers.location;
  if (typeof location !== 'string') {
    throw new Error(`expected a redirect, got ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  return location;
}

function relative(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
}

/** One browser request: sends the jar's cookies, stores the answer's. */
export async function browse(
  app: FastifyInstance,
  jar: CookieJar,
  request: {
    method?: 'GET' | 'POST';
    url: string;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  const url = relative(request.url);
  const cookie = jar.header(url);
  const res = await app.inject({
    method: request.method ?? 'GET',
    url,
    headers: {
      ...request.headers,
      ...(cookie ? { cookie } : {}),
      ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(request.form ? { payload: new URLSearchParams(request.form).toString() } : {}),
  });
  jar.store(res);
  return res;
}

/** Follows redirects inside the app until one leaves /oidc (the client's redirect URI). */
export async function followRedirects(
  app: FastifyInstance,
  jar: CookieJar,
  res: LightMyRequestResponse,
): Promise<LightMyRequestResponse | URL> {
  let current = res;
  for (let hops = 0; hops < 10; hops += 1) {
    if (current.statusCode < 300 || current.statusCode >= 400) return current;
    const location = new URL(locationOf(current), 'http://localhost:8080');
    if (!location.pathname.startsWith('/oidc/')) return location;
    current = await browse(app, jar, { url: location.toString() });
  }
  throw new Error('too many redirects');
}

export interface PkcePair {
  verifier: string;
  challenge: string;
}

export function createPkce(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization endpoint URL for the web client; `extra` adds or removes (undefined) parameters. */
export function authorizeUrl(
  pkce: PkcePair,
  extra: Record<string, string | undefined> = {},
): string {
  const params: Record<string, string | undefined> = {
    client_id: testClientId,
    response_type: 'code',
    redirect_uri: testRedirectUri,
    scope: 'openid email profile',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
  const query = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return `/oidc/auth?${query.toString()}`;
}

export interface SignInStart {
  jar: CookieJar;
  pkce: PkcePair;
  /** Path of the interaction (sign-in) page. */
  interactionUrl: string;
  /** The sign-in page as served. */
  page: LightMyRequestResponse;
}

/** Starts the flow: authorize, then the sign-in page; pass a jar to keep a browser's cookies. */
export async function startSignIn(
  app: FastifyInstance,
  extra: Record<string, string | undefined> = {},
  jar: CookieJar = new CookieJar(),
): Promise<SignInStart> {
  const pkce = createPkce();
  const res = await browse(app, jar, { url: authorizeUrl(pkce, extra) });
  const interactionUrl = relative(locationOf(res));
  const page = await browse(app, jar, { url: interactionUrl });
  return { jar, pkce, interactionUrl, page };
}

/** A form a page submits by itself: its action and hidden fields (form_post, logout). */
function autoSubmitFormOf(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*\saction="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form?.[1]) throw new Error(`no form on the page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input[0])?.[1];
    const value = /\svalue="([^"]*)"/.exec(input[0])?.[1];
    if (name && /type="hidden"/.test(input[0])) fields[name] = value ?? '';
  }
  return { action: form[1].replaceAll('&amp;', '&'), fields };
}

/** Does what the browser does with a self-submitting form page, then follows the redirects. */
export async function submitAutoForm(
  app: FastifyInstance,
  jar: CookieJar,
  page: LightMyRequestResponse,
): Promise<LightMyRequestResponse | URL> {
  const { action, fields } = autoSubmitFormOf(page.body);
  const res = await browse(app, jar, { method: 'POST', url: action, form: fields });
  return followRedirects(app, jar, res);
}

/** The claims of a JWT (no verification). */
export const jwtClaims = decodeJwt;

/** Exchanges a code at the token endpoint. */
export async function exchangeCode(
  app: FastifyInstance,
  code: string,
  verifier: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: testRedirectUri,
      client_id: testClientId,
      code_verifier: verifier,
    }).toString(),
  });
}

/** Posts the sign-in form and follows the flow to the redirect URI; returns the callback URL. */
export async function submitSignIn(
  app: FastifyInstance,
  start: SignInStart,
  credentials: { email: string; password: string },
  headers?: Record<string, string>,
): Promise<LightMyRequestResponse | URL> {
  const res = await browse(app, start.jar, {
    method: 'POST',
    url: `${start.interactionUrl.split('?')[0]}/login`,
    form: { email: credentials.email, password: credentials.password },
    ...(headers ? { headers } : {}),
  });
  return followRedirects(app, start.jar, res);
}

/** Signs in through the embedded provider and returns the tokens. */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): Promise<{ accessToken: string; idToken: string }> {
  const start = await startSignIn(app);
  const callback = await submitSignIn(app, start, credentials);
  if (!(callback instanceof URL)) {
    throw new Error(`sign-in failed for ${credentials.email}: ${callback.statusCode}`);
  }
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in the callback: ${callback.search}`);
  const token = await exchangeCode(app, code, start.pkce.verifier);
  if (token.statusCode !== 200)
    throw new Error(`token endpoint: ${token.statusCode} ${token.body}`);
  const body = token.json<{ access_token: string; id_token: string }>();
  return { accessToken: body.access_token, idToken: body.id_token };
}

/** The hidden CSRF field of an account page. */
export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no csrf field on the page');
  return match[1];
}

/** Posts one of the standalone account forms (register, account/password, account/delete). */
export async function postAccountForm(
  app: FastifyInstance,
  path: '/oidc/register' | '/oidc/account/password' | '/oidc/account/delete',
  form: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const jar = new CookieJar();
  const page = await browse(app, jar, { url: path });
  return browse(app, jar, {
    method: 'POST',
    url: path,
    form: { ...form, csrf: csrfOf(page.body) },
  });
}

/** Registers a sign-in account through the registration page. */
export interface TestAccount {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
}

/** Two accounts of the identity provider's tests. */
export const ann: TestAccount = {
  email: 'ann@example.com',
  password: 'correct horse',
  givenName: 'Ann',
  familyName: 'Lee',
};
export const bob: TestAccount = {
  email: 'bob@example.com',
  password: 'battery staple',
  givenName: 'Bob',
  familyName: 'Kis',
};

/**
 * Registers through the registration page and, unless `confirm` is false, confirms the address
 * the real way: posts the link of the confirmation mail in the app's mailbox (test-app.ts; an
 * app without one leaves the account unconfirmed). Only
 * a confirmed account is named in chains and certificates (docs/decisions/020-confirmed-addresses.md).
 */
export async function registerAccount(
  app: FastifyInstance,
  account: TestAccount,
  options: { confirm?: boolean } = {},
): Promise<void> {
  const mailbox = appMailboxes.get(app);
  const since = mailbox?.received.length ?? 0;
  const res = await postAccountForm(app, '/oidc/register', {
    email: account.email,
    givenName: account.givenName,
    familyName: account.familyName,
    password: account.password,
    passwordConfirm: account.password,
  });
  if (res.statusCode !== 200) {
    throw new Error(`registration of ${account.email} failed: ${res.statusCode}`);
  }
  // An app built without createTestApp has no mailbox (its mail goes to the console): its
  // accounts stay unconfirmed, which tests of keys and restarts do not mind.
  if (options.confirm === false || !mailbox) return;
  await confirmAddress(app, await mailbox.next(account.email, since));
}

/** Posts the confirmation (or takeover) link of a mail, as its reader's button does. */
export async function confirmAddress(app: FastifyInstance, mail: ReceivedMail): Promise<void> {
  const link = mail.text
    .split(/\s+/)
    .find((word) => /\/oidc\/account\/(confirm|takeover)\//.test(word));
  if (!link) throw new Error(`no confirmation link in mail "${mail.subject}"`);
  const res = await app.inject({ method: 'POST', url: new URL(link).pathname });
  if (res.statusCode !== 200) throw new Error(`confirmation answered ${res.statusCode}`);
}
