import type { AppContext } from './app-context';
import type { Config } from './config';
import { openDatabase, createEventBus, startInstancePresence, migrate } from './database';
import { createAccessTokenVerifier, externalKeySource } from './http';
import { loadKeyRing } from './keys';
import { embeddedKeySource, endAccountSessions, resendEmailConfirmation } from '#idp/public';
import { createIdentityLogout, createUserDirectory } from '#platform/public';
import {
  createTimestampClient,
  createValidationDataSource,
  deleteCredentialsOfUser,
  deleteDevicesOfUser,
  endCscGrantsOfUser,
} from '#rssp/public';
import {
  bindEntriesWaitingFor,
  countOwnChains,
  deleteProfilesOfUser,
  removeCallbackSecret,
} from '#rdss/public';
import type {
  OnEmailConfirmed,
  OnSessionsEnded,
  OnUserDeleted,
  OnUserLoggedOut,
  SignInIdentity,
} from './auth-types';
import { createBackgroundWork } from './background-work';
import { createCallLimiter } from './call-limiter';
import { createMailer } from './mailer';
import { AppError } from './app-error';

/**
 * The composition root, the one module of infra/ that knows the services (through their
 * `public.ts`): opens the database, applies migrations, loads the key-encryption key,
 * starts the event bus and wires token verification (embedded provider or external issuer) and
 * the platform's user directory.
 */
export async function createContext(
  config: Config,
  dataDir: string | null = config.dataDir,
): Promise<AppContext> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
  await migrate(database);
  const presence = await startInstancePresence(database);
  // Without KEY_ENCRYPTION_KEY the KEK file lives beside the database files.
  const keyRing = loadKeyRing({ ...config, dataDir: dataDir ?? config.dataDir });
  const events = await createEventBus(database);
  const verifyAccessToken = createAccessTokenVerifier(
    config.embeddedIdp ? embeddedKeySource(config, database, keyRing) : externalKeySource(config),
  );
  // Chain entries waiting for an address reach its user once it is confirmed
  // (docs/decisions/020-confirmed-addresses.md).
  const onEmailConfirmed: OnEmailConfirmed = (tx, user) => bindEntriesWaitingFor(tx, events, user);
  const users = createUserDirectory({ config, database, events, onEmailConfirmed });
  const mailer = createMailer(config);
  const resend = config.embeddedIdp
    ? async (identity: SignInIdentity) => {
        // Only the embedded provider's own accounts; another issuer confirms its addresses.
        if (identity.issuer !== config.oidcIssuer) {
          throw new AppError('INVALID_REQUEST', 'Your sign-in provider confirms your address');
        }
        await resendEmailConfirmation({ db: database.db, mailer, config }, identity.subject);
      }
    : null;
  // Keys (and devices) are destroyed with their owner (docs/decisions/006-accounts-proof-and-deletion.md).
  const onUserDeleted: OnUserDeleted = async (tx, user) => {
    await deleteCredentialsOfUser(tx, user.id);
    await deleteDevicesOfUser(tx, user.id);
    await deleteProfilesOfUser(tx, user.id);
    await removeCallbackSecret(tx, user.id);
    if (config.embeddedIdp && user.identity?.issuer === config.oidcIssuer) {
      await endAccountSessions(tx, user.identity.subject);
    }
  };
  // An admin's "end sessions" ends the embedded account's (token version); LOGOUT is the platform's.
  const onSessionsEnded: OnSessionsEnded = async (tx, user) => {
    if (config.embeddedIdp && user.identity?.issuer === config.oidcIssuer) {
      await endAccountSessions(tx, user.identity.subject);
    }
  };
  // A CSC client's tokens end with the user's sessions, on every instance: their rows are revoked
  // on the ending transaction (docs/decisions/052-csc-tokens-end-with-the-session.md).
  const onUserLoggedOut: OnUserLoggedOut = (tx, userId) => endCscGrantsOfUser(tx, userId);
  const callLimiter = createCallLimiter({
    rate: config.API_CALLS_PER_SECOND,
    burst: config.API_CALLS_PER_SECOND * 4,
  });
  return {
    config,
    database,
    events,
    keyRing,
    verifyAccessToken,
    users,
    mailer,
    background: createBackgroundWork(),
    onUserDeleted,
    logoutIdentity: createIdentityLogout({ events, onUserLoggedOut }),
    onUserLoggedOut,
    onSessionsEnded,
    onEmailConfirmed,
    resendEmailConfirmation: resend,
    callLimiter,
    chainCounts: (userId) => countOwnChains(database.db, userId),
    presence,
    // Every signature is time-stamped (B-T): TSA_URL's authority, or Signet's own (decision 036).
    timestamps: createTimestampClient({ config, database, keyRing }),
    // Validation data for B-LT: the embedded CA answers in process, others over http(s).
    validationData: createValidationDataSource({ database, ring: keyRing, config }),
  };
}

export async function closeContext(context: AppContext): Promise<void> {
  // Mails a request left going still go out before the database closes.
  await context.background.settled();
  await context.events.close();
  await context.database.close();
}
