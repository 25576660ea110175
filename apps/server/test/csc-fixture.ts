import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Person } from './rssp-fixture';
import type { TestApp } from './test-app';

/**
 * A CSC client of a test: registered by the admin, it runs the OAuth 2.0 code flow with PKCE
 * for a signed-in user (the consent page's calls made with that user's Signet token) and calls
 * the CSC API with the access token it gets.
 */
export const clientRedirectUri = 'https://client.example/csc/callback';

export interface CscClientCredentials {
  clientId: string;
  clientSecret: string | null;
}

export async function registerCscClient(
  t: Pick<TestApp, 'app'>,
  admin: Pick<Person, 'headers'>,
  options: { confidential?: boolean; redirectUris?: string[]; name?: string } = {},
): Promise<CscClientCredentials> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/rssp/v1/csc/clients',
    headers: admin.headers,
    payload: {
      name: options.name ?? 'Test CSC client',
      redirectUris: options.redirectUris ?? [clientRedirectUri],
      confidential: options.confidential ?? true,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register client: ${res.statusCode} ${res.body}`);
  const body = res.json<{ client: { clientId: string }; clientSecret: string | null }>();
  return { clientId: body.client.clientId, clientSecret: body.clientSecret };
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The authorize redirect, the consent (allow) and the code: where the browser is sent back. */
export async function authorizeInBrowser(
  t: Pick<TestApp, 'app'>,
  who: Pick<Person, 'headers'>,
  query: Record<string, string>,
  allow = true,
): Promise<{ consentPage: string; redirectTo: URL }> {
  const res = await t.app.inject({
    url: `/csc/v2/oauth2/authorize?${new URLSearchParams(query).toString()}`,
  });
  if (res.statusCode !== 302) throw new Error(`authorize: ${res.statusCode} ${res.body}`);
  const consentPage = String(res.headers.location);
  const requestId = new URL(consentPage).pathname.split('/').pop() ?? '';
  const shown = await t.app.inject({
    url: `/rssp/v1/csc/consent/${requestId}`,
    headers: who.headers,
  });
  if (shown.statusCode !== 200) throw new Error(`consent view: ${shown.statusCode} ${shown.body}`);
  const decided = await t.app.inject({
    method: 'POST',
    url: `/rssp/v1/csc/consent/${requestId}`,
    headers: who.headers,
    payload: { allow },
  });
  if (decided.statusCode !== 200) throw new Error(`consent: ${decided.statusCode} ${decided.body}`);
  return { consentPage, redirectTo: new URL(decided.json<{ redirectTo: string }>().redirectTo) };
}

/** The whole code flow: the access token for `who` (scope `service` unless `extra` says). */
export async function cscToken(
  t: Pick<TestApp, 'app'>,
  client: CscClientCredentials,
  who: Pick<Person, 'headers'>,
  extra: Record<string, string> = {},
): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const { redirectTo } = await authorizeInBrowser(t, who, {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: clientRedirectUri,
    scope: 'service',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    ...extra,
  });
  const code = redirectTo.searchParams.get('code');
  if (!code) throw new Error(`no code: ${redirectTo.toString()}`);
  const res = await tokenCall(t, client, { code, code_verifier: verifier });
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}

export function tokenCall(
  t: Pick<TestApp, 'app'>,
  client: CscClientCredentials,
  params: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/csc/v2/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: client.clientId,
      ...(client.clientSecret ? { client_secret: client.clientSecret } : {}),
      redirect_uri: clientRedirectUri,
      ...params,
    }).toString(),
  });
}

/** A CSC call with the access token. */
export function csc(
  t: Pick<TestApp, 'app'>,
  token: string,
  path: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/csc/${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}
