import type { RemoteConfig } from '@signet/contracts/server';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

/** Technical routes of the sign-in flow, relative to the app origin. */
export const authCallbackPaths = {
  login: '/login-callback',
  popup: '/popup-callback',
  silent: '/silent-callback',
  popupLogout: '/popuplogout-callback',
  afterLogout: '/welcome',
} as const;

/** The OpenID Connect client of the app, built from the remote config. */
export function createUserManager(
  config: Pick<RemoteConfig, 'oidcIssuer' | 'oidcClientId' | 'popupLogin'>,
  origin: string,
): UserManager {
  return new UserManager({
    authority: config.oidcIssuer,
    client_id: config.oidcClientId,
    redirect_uri: origin + authCallbackPaths.login,
    popup_redirect_uri: origin + authCallbackPaths.popup,
    silent_redirect_uri: origin + authCallbackPaths.silent,
    popup_post_logout_redirect_uri: origin + authCallbackPaths.popupLogout,
    post_logout_redirect_uri: origin + authCallbackPaths.afterLogout,
    response_type: 'code',
    scope: 'openid email profile',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    popupWindowFeatures: {
      width: config.popupLogin.width,
      height: config.popupLogin.height,
    },
  });
}

/** window.open returned nothing: oidc-client-ts then reports a disposed or blocked window. */
export function isPopupBlockedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /disposed window|popup blocked/i.test(error.message);
}
