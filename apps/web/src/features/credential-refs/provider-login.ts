/**
 * The external provider's login popup (P§2, D§4): the window goes to the provider's authorize
 * URL and comes back to `/csc-callback` on Signet's origin, which hands the code and state to
 * this window (handleCscCallback, before the app boots) and closes. The provider's pages may
 * sever the popup from its opener (their Cross-Origin-Opener-Policy), so the answer goes over a
 * BroadcastChannel of Signet's origin, and a popup that looks closed is not taken as cancelled.
 */
export const cscCallbackPath = '/csc-callback';
const messageType = 'signet-csc-callback';
const channelName = 'signet-csc-callback';

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
  timeoutMs = 5 * 60_000,
): Promise<{ code: string; state: string }> {
  const popup = window.open(authorizeUrl, 'signet-csc-login', 'width=520,height=720');
  if (!popup) return Promise.reject(new Error('popup-blocked'));
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(channelName);
    const done = () => {
      channel.close();
      window.clearTimeout(timer);
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
