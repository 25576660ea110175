import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { User as OidcUser, UserManager } from 'oidc-client-ts';
import { AuthContext } from './auth-context';
import type { AuthContextValue, SignInOptions } from './auth-context';
import { authCallbackPaths, isPopupBlockedError } from './user-manager';

interface AuthProviderProps {
  userManager: UserManager;
  /**
   * The session already read from storage (null: none stored), so the first render knows it;
   * undefined: the provider reads it (and renews an expired one) after mounting.
   */
  initialUser?: OidcUser | null;
  children: ReactNode;
}

function promptOf(options: SignInOptions): string | undefined {
  if (options.register) return 'create';
  if (options.forceLogin) return 'login';
  return undefined;
}

/**
 * The sign-out under way. /logout mounts more than once while the app settles (the provider
 * too), and each run signs out: a second run would find the user already removed and send the
 * provider no id_token_hint, and the provider then asks "Do you want to sign out?" instead of
 * ending the session right away. So one sign-out per page, shared by every mount.
 */
let signingOut: Promise<void> | null = null;

/** Holds the oidc-client-ts session (local storage) and keeps React state in step with it. */
export function AuthProvider({ userManager, initialUser, children }: AuthProviderProps) {
  const [user, setUser] = useState<OidcUser | null>(initialUser ?? null);
  const [isLoading, setLoading] = useState(initialUser === undefined);
  // The latest user for token reads in async code, ahead of the re-render that state causes.
  const latest = useRef<OidcUser | null>(initialUser ?? null);
  // Read once, at mount: a session given at start is not read again.
  const [isGiven] = useState(initialUser !== undefined);

  useEffect(() => {
    let active = true;
    const events = userManager.events;
    const onLoaded = (loaded: OidcUser) => {
      latest.current = loaded;
      setUser(loaded);
    };
    const onUnloaded = () => {
      latest.current = null;
      setUser(null);
    };
    const onRenewError = () => {
      void userManager.removeUser();
    };
    events.addUserLoaded(onLoaded);
    events.addUserUnloaded(onUnloaded);
    events.addSilentRenewError(onRenewError);

    const loadStored = async () => {
      let stored = await userManager.getUser().catch(() => null);
      if (stored?.expired) {
        stored = await userManager.signinSilent().catch(async () => {
          await userManager.removeUser();
          return null;
        });
      }
      if (active) {
        latest.current = stored;
        setUser(stored);
        setLoading(false);
      }
    };
    if (!isGiven) void loadStored();

    return () => {
      active = false;
      events.removeUserLoaded(onLoaded);
      events.removeUserUnloaded(onUnloaded);
      events.removeSilentRenewError(onRenewError);
    };
  }, [userManager, isGiven]);

  const actions = useMemo(() => {
    const endSession = async () => {
      const current = await userManager.getUser().catch(() => null);
      await userManager.removeUser();
      try {
        await userManager.signoutRedirect(
          current?.id_token ? { id_token_hint: current.id_token } : {},
        );
      } catch {
        // The provider has no end-session endpoint: the local session is gone, which is enough.
        window.location.assign(authCallbackPaths.afterLogout);
      }
    };
    return {
      async signIn(options: SignInOptions) {
        const prompt = promptOf(options);
        const extraQueryParams: Record<string, string> = prompt ? { prompt } : {};
        if (options.redirect) {
          await userManager.signinRedirect({
            extraQueryParams,
            state: { returnTo: options.returnTo },
          });
          return false;
        }
        try {
          // Closing the popup rejects (instead of waiting forever) so the buttons come back.
          await userManager.signinPopup({ extraQueryParams, popupAbortOnClose: true });
          return true;
        } catch (error) {
          if (!isPopupBlockedError(error)) throw error;
        }
        await userManager.signinRedirect({
          extraQueryParams,
          state: { returnTo: options.returnTo },
        });
        return false;
      },
      async removeSession() {
        await userManager.removeUser();
      },
      signOut() {
        // Settles only when the page comes back (bfcache); then a new sign-out may start.
        signingOut ??= endSession().finally(() => {
          signingOut = null;
        });
        return signingOut;
      },
      getAccessToken() {
        const current = latest.current;
        return current && !current.expired ? current.access_token : undefined;
      },
      async renewAccessToken() {
        const renewed = await userManager.signinSilent().catch(() => null);
        return renewed?.access_token;
      },
    };
  }, [userManager]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...actions,
      userManager,
      user,
      isLoading,
      isAuthenticated: Boolean(user && !user.expired),
    }),
    [actions, userManager, user, isLoading],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
