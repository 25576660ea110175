/**
 * The external provider's login popup (P§2, D§4): the window goes to the provider's authorize
 * URL and comes back to `/csc-callback` on Signet's origin, which hands the code and state to
 * this window (handleCscCallback, before the app boots) and closes. The provider's pages may
 * sever the popup from its opener (their Cross-Origin-Opener-Policy), so the answer goes over a
 * BroadcastChannel of Signet's origin, and a popup that looks closed is not taken as cancelled.
 * With a `silentUrl` (prompt=none) the popup tries that first: a user signed in at the provider
 * who granted Signet before comes straight back; on login_required or consent_required the
 * callback page goes on to the interactive URL itself (kept in local storage under the request's
 * state), so no second popup has to be opened without a click (decision 043).
 */
export const cscCallbackPath = '/csc-callback';
const messageType = 'signet-csc-callback';
const channelName = 'signet-csc-callback';
const fallbackKey = (state: string) => `signet-csc-fallback:${state}`;
/** The provider's answers to prompt=none that mean "show your page" (OpenID Connect core §3.1.2.6). */
const needsPage = ['login_required', 'consent_required', 'interaction_required'];

interface CallbackMessage {
  type: typeof messageType;
  code: string | null;
  state: string | null;
  error: string | null;
}

const isCallbackMessage = (data: unknown): data is CallbackMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === messageType;

/** Opens the popup and waits for its code (rejects when denied, closed or after `timeoutMs`). */
export function loginInPopup(
  authorizeUrl: string,
  silentUrl: string | null = null,
  timeoutMs = 5 * 60_000,
): Promise<{ code: string; state: string }> {
  const state = silentUrl ? new URL(silentUrl).searchParams.get('state') : null;
  if (silentUrl && state) localStorage.setItem(fallbackKey(state), authorizeUrl);
  const popup = window.open(silentUrl ?? authorizeUrl, 'signet-csc-login', 'width=520,height=720');
  const forget = () => {
    if (state) localStorage.removeItem(fallbackKey(state));
  };
  if (!popup) {
    forget();
    return Promise.reject(new Error('popup-blocked'));
  }
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(channelName);
    const done = () => {
      channel.close();
      window.clearTimeout(timer);
      forget();
    };
    channel.onmessage = (event: MessageEvent) => {
      if (!isCallbackMessage(event.data)) return;
      done();
      const { code, state, error } = event.data;
      if (code && state) resolve({ code, state });
      else reject(new Error(error ?? 'access_denied'));
    };
    const timer = window.setTimeout(() => {
      done();
      popup.close();
      reject(new Error('timeout'));
    }, timeoutMs);
  });
}

/** The popup's page at `/csc-callback`: hands the answer to the opener and closes. */
export function handleCscCallback(location: Location): boolean {
  if (location.pathname !== cscCallbackPath) return false;
  const params = new URLSearchParams(location.search);
  const state = params.get('state');
  const error = params.get('error');
  const fallback = state ? localStorage.getItem(fallbackKey(state)) : null;
  if (state && fallback && error && needsPage.includes(error)) {
    // The silent try needs the provider's page: go there in this same popup.
    localStorage.removeItem(fallbackKey(state));
    location.replace(fallback);
    return true;
  }
  const message: CallbackMessage = {
    type: messageType,
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
  };
  const channel = new BroadcastChannel(channelName);
  channel.postMessage(message);
  channel.close();
  window.close();
  return true;
}
