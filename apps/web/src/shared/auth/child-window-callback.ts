import { UserManager } from 'oidc-client-ts';
import { authCallbackPaths } from './user-manager';

/**
 * The popup and silent-renew callbacks only hand the URL back to the opener / parent window by
 * postMessage; they need no settings. Handling them before the app boots keeps the popup and the
 * hidden iframe from loading the whole app. Returns true when the page was such a callback.
 */
export async function handleChildWindowCallback(location: Location): Promise<boolean> {
  const { pathname, href, origin } = location;
  const isPopup = pathname === authCallbackPaths.popup;
  const isSilent = pathname === authCallbackPaths.silent;
  const isPopupLogout = pathname === authCallbackPaths.popupLogout;
  if (!isPopup && !isSilent && !isPopupLogout) return false;
  // Settings are required by the constructor but unused by the callbacks below.
  const manager = new UserManager({ authority: origin, client_id: 'callback', redirect_uri: href });
  if (isPopup) await manager.signinPopupCallback(href);
  else if (isSilent) await manager.signinSilentCallback(href);
  else await manager.signoutPopupCallback(href);
  return true;
}
