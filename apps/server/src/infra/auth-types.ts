import type { Locale, MailPreference, Role, UserStatus } from '@signet/contracts/users';
import type { Db, Tx } from './database';

/** The claims Signet reads from a verified access token. */
export interface AccessTokenClaims {
  issuer: string;
  subject: string;
  email: string;
  /** The issuer asserts the person reads `email` (email_verified). */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  /** When the token expires (ms since the epoch): an event stream ends then. */
  expiresAt?: number;
}

/** Verifies a bearer access token (signature, issuer, expiry, audience); throws AppError UNAUTHORIZED. */
export type VerifyAccessToken = (token: string) => Promise<AccessTokenClaims>;

/** The signed-in user as every handler sees it (`request.authUser`). */
export interface AuthUser {
  id: string;
  email: string;
  /**
   * First and last name, or the e-mail when there are none (as `DirectoryUser`'s), from the row
   * the sign-in read: a signature names its signer without reading the row again.
   */
  name: string;
  roles: Role[];
  status: UserStatus;
  locale: Locale;
  /** The owner proved `email` (docs/decisions/020-confirmed-addresses.md). */
  emailConfirmed: boolean;
}

/**
 * Maps verified claims to the user row, creating it on first sight. Implemented by the platform
 * service (it owns users); the rSSP and rDSS see users only through this.
 */
export interface UserDirectory {
  resolve(claims: AccessTokenClaims): Promise<AuthUser>;
  /** The user with this id, or null: how another service checks a user it is given by id. */
  find(id: string): Promise<DirectoryUser | null>;
  /** Several users by id in one lookup (a page of a list names many); unknown ids are left out. */
  findMany(ids: readonly string[]): Promise<Map<string, DirectoryUser>>;
  /**
   * The user whose confirmed address this is (any case), or null: how a chain names its
   * participants. An account that has not proved the address is not found, like an unknown one.
   */
  findByEmail(email: string): Promise<DirectoryUser | null>;
  /**
   * The sign-in provider now vouches for the account's address (its mailed link was opened):
   * the account's user, if it has one with that address, counts it confirmed from now on.
   */
  confirmIdentityEmail(identity: SignInIdentity, email: string): Promise<void>;
}

/** A user as another service may see it: enough to check and label ownership. */
export interface DirectoryUser {
  id: string;
  email: string;
  /** First and last name, or the e-mail when there are none. */
  name: string;
  firstName: string | null;
  lastName: string | null;
  status: UserStatus;
  roles: Role[];
  emailConfirmed: boolean;
  /** The language the user reads Signet in: mails to them are written in it. */
  locale: Locale;
  /** Which chain mails the user wants (issue 26 §3). */
  mailPreference: MailPreference;
}

/** A user an admin deleted, as the services that hold something of theirs see it. */
export interface DeletedUser {
  id: string;
  /** The sign-in account the user was linked to, if any. */
  identity: SignInIdentity | null;
}

/**
 * What the other services do, inside the deleting transaction, when an admin deletes a user:
 * the rSSP destroys their keys, the embedded provider ends their sessions.
 */
export type OnUserDeleted = (tx: Tx, user: DeletedUser) => Promise<void>;

/** A sign-in account: the issuer and its subject. */
export interface SignInIdentity {
  issuer: string;
  subject: string;
}

/**
 * The sessions of a sign-in account ended (password change or reset, deletion, sign-out): the
 * platform sends LOGOUT to the user linked to it, on `tx` so it goes out only if that commits.
 */
export type OnIdentityLoggedOut = (tx: Tx | Db, identity: SignInIdentity) => Promise<void>;

/**
 * What the other services end with every session of a user, inside the ending transaction
 * (password change or reset, sign-out, End sessions, suspension, deletion): the rSSP revokes the
 * CSC tokens and codes the user granted (decision 052).
 */
export type OnUserLoggedOut = (tx: Tx | Db, userId: string) => Promise<void>;

/**
 * An admin ended a user's sessions: the embedded provider ends its account's (the token version
 * moves), inside the caller's transaction.
 */
export type OnSessionsEnded = (tx: Tx, user: DeletedUser) => Promise<void>;
/**
 * What the other services do, inside the confirming transaction, when a user's address becomes
 * confirmed: the rDSS binds the chain entries waiting for that address to the user.
 */
export type OnEmailConfirmed = (tx: Tx, user: { id: string; email: string }) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser;
    /** Set by `authenticate` and `authenticateToken`. */
    tokenClaims: AccessTokenClaims;
    /** When the request's access token expires (ms since the epoch); set by `authenticate`. */
    tokenExpiresAt: number | undefined;
  }
}
