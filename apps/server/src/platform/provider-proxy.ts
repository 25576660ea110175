import type { AppContext } from '#infra/app-context';
import { AppError } from '#infra/app-error';
import type { ExternalProviderConfig } from './external-providers';
import * as sessions from './provider-sessions';

/**
 * The extproviders proxy of P§7 (`{rdssApiUrl}/v1/extproviders/{providerId}/…`, decision 043):
 * for a provider with its own OAuth endpoints the web app's CSC calls go through here. It is no
 * open proxy: only configured providers, only the CSC paths below, to that provider's
 * `apiBaseUrl` only, redirects not followed, bodies and answers bounded, a time budget per call.
 * The user's provider token (or a SCAL2 round's) is added here; the browser never holds it.
 */
type Ctx = Pick<AppContext, 'database' | 'keyRing' | 'config'>;

/** The CSC calls P§7 names, the only paths forwarded. */
export const proxiedCscPaths = [
  'info',
  'credentials/list',
  'credentials/info',
  'credentials/authorize',
] as const;
export type ProxiedCscPath = (typeof proxiedCscPaths)[number];

/** Largest request body forwarded and largest answer read back. */
export const proxyBodyLimit = 64 * 1024;
export const proxyAnswerLimit = 1024 * 1024;
const callTimeoutMs = 30_000;

export interface ProxiedAnswer {
  status: number;
  body: unknown;
}

/** Reads at most `limit` bytes of the answer; a longer one is refused, not cut. */
async function boundedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge();
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The provider answered more than Signet forwards');

/** One CSC call forwarded to the provider's API base, with the user's token for it. */
export async function forwardCsc(
  ctx: Ctx,
  input: {
    provider: ExternalProviderConfig;
    userId: string;
    path: ProxiedCscPath;
    body: Record<string, unknown>;
  },
): Promise<ProxiedAnswer> {
  const { provider, userId, path, body } = input;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (path !== 'info') {
    const credentialId = typeof body.credentialID === 'string' ? body.credentialID : null;
    // A SCAL2 round's token for this credential first (scope=credential), else the session's.
    const bound = credentialId
      ? await sessions.credentialToken(ctx, { userId, providerId: provider.id, credentialId })
      : null;
    headers.authorization = `Bearer ${bound ?? (await sessions.requireSession(ctx, userId, provider))}`;
  }
  const timeoutMs =
    path === 'credentials/authorize'
      ? provider.authorizationTimeoutSecs * 1000 + 5_000
      : callTimeoutMs;
  let response: Response;
  try {
    response = await fetch(`${provider.apiBaseUrl}/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', `${provider.name} does not answer`, undefined, {
      cause: error,
    });
  }
  if (response.status >= 300 && response.status < 400) {
    throw new AppError('SERVICE_UNAVAILABLE', `${provider.name} answered a redirect`);
  }
  const text = await boundedText(response, proxyAnswerLimit);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', `${provider.name} answered something unexpected`);
  }
  if (response.status === 401) {
    // The provider's token expired: the web app opens the login popup (as D§4 elsewhere).
    throw new AppError('AUTHORIZATION_EXPIRED', `Sign in to ${provider.name} again`, {
      provider: provider.id,
    });
  }
  return { status: response.status, body: parsed };
}
