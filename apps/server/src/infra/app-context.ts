import type {
  OnIdentityLoggedOut,
  OnSessionsEnded,
  OnEmailConfirmed,
  OnUserLoggedOut,
  OnUserDeleted,
  SignInIdentity,
  UserDirectory,
  VerifyAccessToken,
} from './auth-types';
import type { BackgroundWork } from './background-work';
import type { CallLimiter } from './call-limiter';
import type { ChainCounts } from './chain-counts';
import type { Config } from './config';
import type { Database, EventBus, InstancePresence } from './database';
import type { KeyRing } from './keys';
import type { Mailer } from './mailer';
import type { FetchTimestamp } from '@signet/pades';
import type { ValidationDataSource } from './validation-data';

/** What every service plugin receives: configuration, the database, the event bus, the KEK, auth and mail. */
export interface AppContext {
  config: Config;
  database: Database;
  events: EventBus;
  /** The key-encryption key that wraps every private key and secret Signet stores. */
  keyRing: KeyRing;
  verifyAccessToken: VerifyAccessToken;
  users: UserDirectory;
  mailer: Mailer;
  /** What a request starts after its commit and does not wait for (the chain notices' mail). */
  background: BackgroundWork;
  /** API calls per second per user (API_CALLS_PER_SECOND), shared by every service. */
  callLimiter: CallLimiter;
  onUserDeleted: OnUserDeleted;
  /** LOGOUT to the user of a sign-in account whose sessions ended (the platform does it). */
  logoutIdentity: OnIdentityLoggedOut;
  /** What ends with every session of a user, on the ending transaction (the CSC tokens). */
  onUserLoggedOut: OnUserLoggedOut;
  /** Ends a user's sessions at the embedded provider (an admin's "end sessions"). */
  onSessionsEnded: OnSessionsEnded;
  /** What waits for an address reaches its user once the address is confirmed (chain entries). */
  onEmailConfirmed: OnEmailConfirmed;
  /**
   * Mails the signed-in account's provider confirmation link again (embedded provider only;
   * an external issuer confirms addresses itself). Throws TOO_MANY_REQUESTS past its rate.
   */
  resendEmailConfirmation: ((identity: SignInIdentity) => Promise<void>) | null;
  /** The dashboard counts, provided by the document service. */
  chainCounts: ChainCounts;
  /**
   * Where signatures get their RFC 3161 time-stamps (B-T): the external TSA of TSA_URL or the
   * embedded one in process (`#rssp/public` createTimestampClient); `optional` is TSA_OPTIONAL.
   */
  timestamps: { fetch: FetchTimestamp; optional: boolean };
  /** This process's mark on the database, to settle its work in flight if it dies (decision 024). */
  presence: InstancePresence;
  /** Certificates, OCSP responses and CRLs of signing chains (the rSSP's, decision 037). */
  validationData: ValidationDataSource;
}
