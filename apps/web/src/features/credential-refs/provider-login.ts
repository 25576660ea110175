/**
 * The external provider's login popup (P§2, D§4): the window goes to the provider's authorize
 * URL and comes back to `/csc-callback` on Signet's origin, which hands the code and state to
 * this window by postMessage (handleCscCallback, before the app boots) and closes.
 */
export const cscCallbackPath = '/csc-callback';
const messageType = 'signet-csc-callback';

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
    const done = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedCheck);
      window.clearTimeout(timer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isCallbackMessage(event.data)) return;
      done();
      const { code, state, error } = event.data;
      if (code && state) resolve({ code, state });
      else reject(new Error(error ?? 'access_denied'));
    };
    const closedCheck = window.setInterval(() => {
      if (popup.closed) {
        done();
        reject(new Error('popup-closed'));
      }
    }, 500);
    const timer = window.setTimeout(() => {
      done();
      popup.close();
      reject(new Error('timeout'));
    }, timeoutMs);
    window.addEventListener('message', onMessage);
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
  const opener = window.opener as Window | null;
  opener?.postMessage(message, location.origin);
  window.close();
  return true;
}
