import type { EarlyResponses } from '../shared/api/api-client';
import { paths } from './paths';

/**
 * The GET calls of the page the app opens on, started by the entry script while the app's code
 * downloads and compiles, and handed to the API client (`EarlyResponses`), which takes each one
 * once, instead of asking again, when it sends the same call with the same token.
 *
 * Kept small and free of libraries: it runs before the app's code has arrived. The session is read
 * the way oidc-client-ts stores it (`oidc.user:<authority>:<client id>` in local storage); a
 * session that has expired is left to the app, which renews it first.
 */

const configPath = '/api/v1/server/config';

/** Calls of the dashboard, the page a signed-in user lands on. */
const dashboardCalls = ['/api/v1/users/self', '/api/v1/users/self/stats'];

/** An answer is taken only this soon after it was asked for; later the app asks afresh. */
const maxAgeMs = 10_000;

interface Started {
  startedAt: number;
  /** The token the call was sent with and its answer; undefined when it was not sent. */
  call: Promise<{ token: string | undefined; response: Promise<Response | undefined> } | undefined>;
}

interface SessionFields {
  oidcIssuer: string;
  oidcClientId: string;
  networkTimeoutMillis: number;
}

function isSessionFields(value: unknown): value is SessionFields {
  if (!value || typeof value !== 'object') return false;
  const fields = value as Record<string, unknown>;
  return (
    typeof fields.oidcIssuer === 'string' &&
    typeof fields.oidcClientId === 'string' &&
    typeof fields.networkTimeoutMillis === 'number'
  );
}

/** The stored access token for this provider and client, if it is still valid. */
function storedAccessToken(config: SessionFields): string | undefined {
  try {
    const stored = window.localStorage.getItem(
      `oidc.user:${config.oidcIssuer}:${config.oidcClientId}`,
    );
    if (!stored) return undefined;
    const user = JSON.parse(stored) as { access_token?: unknown; expires_at?: unknown };
    const isValid =
      typeof user.access_token === 'string' &&
      typeof user.expires_at === 'number' &&
      user.expires_at > Date.now() / 1000;
    return isValid ? (user.access_token as string) : undefined;
  } catch {
    return undefined;
  }
}

function callsOf(pathname: string): string[] {
  if (pathname === paths.dashboard) return dashboardCalls;
  return [];
}

/** A failed or unanswered call gives undefined: the API client then sends it itself. */
function send(path: string, headers: Record<string, string>, timeoutMs?: number) {
  const signal = timeoutMs ? AbortSignal.timeout(timeoutMs) : null;
  return fetch(path, { headers: { Accept: 'application/json', ...headers }, signal }).catch(
    () => undefined,
  );
}

/**
 * Asks for the remote config (answered from index.html's preload) and, when a session is stored
 * and the page is one that needs them, for the page's data with that session's token.
 */
export function startEarlyRequests(location: Pick<Location, 'pathname'>): EarlyResponses {
  const started = new Map<string, Started>();
  const config = send(configPath, {});
  const startedAt = performance.now();
  started.set(configPath, {
    startedAt,
    call: Promise.resolve({ token: undefined, response: config }),
  });
  const calls = callsOf(location.pathname);
  if (calls.length > 0) {
    const session = config
      .then((response) => (response?.ok ? response.clone().json() : undefined))
      .then((body: unknown) => {
        if (!isSessionFields(body)) return undefined;
        const token = storedAccessToken(body);
        return token ? { token, timeoutMs: body.networkTimeoutMillis } : undefined;
      })
      .catch(() => undefined);
    for (const path of calls) {
      const call = session.then((found) =>
        found
          ? {
              token: found.token,
              response: send(path, { Authorization: `Bearer ${found.token}` }, found.timeoutMs),
            }
          : undefined,
      );
      started.set(path, { startedAt, call });
    }
  }
  return {
    take(path, token) {
      const entry = started.get(path);
      if (!entry) return undefined;
      started.delete(path);
      if (performance.now() - entry.startedAt > maxAgeMs) return undefined;
      return entry.call.then((call) => (call && call.token === token ? call.response : undefined));
    },
  };
}

/**
 * The first read of session storage and of the cookies waits for the browser process (they are
 * fetched on first use); done here, it happens while the app's code downloads, not during the
 * first render (the router reads session storage, the cookie banners read cookies).
 */
export function warmUpStorage(): void {
  try {
    void window.sessionStorage.length;
    void document.cookie;
  } catch {
    // storage blocked: the app copes where it reads them
  }
}
