import { randomBytes } from 'node:crypto';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { openDatabase } from './database';
import { createEventBus } from './event-bus';
import { migrate } from './migrations';
import { createAccessTokenVerifier } from './access-token';
import { keyRingOf, loadKeyRing } from './kek';
import { createUserDirectory } from '#platform/user-directory';

/**
 * The composition root: opens the database, applies migrations, loads the key-encryption key,
 * starts the event bus and wires token verification (embedded provider or external issuer) and
 * the platform's user directory.
 */
export async function createContext(
  config: Config,
  dataDir: string | null = config.dataDir,
): Promise<AppContext> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
  await migrate(database);
  // The KEK file lives beside the database files; a database in memory without a configured
  // KEK gets a key in memory, which is all it can ever open.
  const inMemory = dataDir === null && !config.DATABASE_URL;
  const keyRing =
    inMemory && !config.KEY_ENCRYPTION_KEY
      ? keyRingOf(randomBytes(32).toString('base64'))
      : loadKeyRing({ ...config, dataDir: dataDir ?? config.dataDir });
  const events = await createEventBus(database);
  const verifyAccessToken = await createAccessTokenVerifier({ config, database, keyRing });
  const users = createUserDirectory({ config, database, events });
  return { config, database, events, keyRing, verifyAccessToken, users };
}

export async function closeContext(context: AppContext): Promise<void> {
  await context.events.close();
  await context.database.close();
}
