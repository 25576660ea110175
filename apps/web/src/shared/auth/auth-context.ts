import { createContext } from 'react';
import type { User as OidcUser, UserManager } from 'oidc-client-ts';

export interface SignInOptions {
  /** Path to go to after signing in. */
  returnTo: string;
  /** Opens the provider's registration instead of the sign-in form (`prompt=create`). */
  register?: boolean;
  /** Makes the provider ask for credentials even with a live session (`prompt=login`). */
  forceLogin?: boolean;
  /** Signs in by a full-page redirect, no popup (nothing the user clicked opens the sign-in). */
  redirect?: boolean;
}

export interface AuthContextValue {
  userManager: UserManager;
  /** The signed-in OIDC user (tokens, profile), or null. */
  user: OidcUser | null;
  /** True until the stored user has been read on start. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /**
   * Signs in in a popup, falling back to a full-page redirect when the popup is blocked.
   * Resolves true when signed in (popup), false when the page is leaving (redirect).
   */
  signIn(options: SignInOptions): Promise<boolean>;
  /** Forgets the local session only (tokens in local storage). */
  removeSession(): Promise<void>;
  /** Ends the session locally and at the provider, then lands on /welcome. */
  signOut(): Promise<void>;
  getAccessToken(): string | undefined;
  renewAccessToken(): Promise<string | undefined>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
