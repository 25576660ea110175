import { randomBytes } from 'node:crypto';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { openDatabase } from './database';
import { createEventBus } from './event-bus';
import { migrate } from './migrations';
import { createAccessTokenVerifier } from './access-token';
import { keyRingOf, loadKeyRing, type KeyRing } from './kek';
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
  const inMemory = !config.DATABASE_URL && dataDir === null;
  const keyRing = inMemory ? memoryKeyRing(config) : loadKeyRing(config);
  const events = await createEventBus(database);
  const verifyAccessToken = await createAccessTokenVerifier({ config, database, keyRing });
  const users = createUserDirectory({ config, database, events });
  return { config, database, events, keyRing, verifyAccessToken, users };
}

/** A database in memory keeps nothing, so without a configured KEK neither does its key ring. */
function memoryKeyRing(config: Config): KeyRing {
  return config.KEY_ENCRYPTION_KEY
    ? loadKeyRing(config)
    : keyRingOf(randomBytes(32).toString('base64'));
}

export async function closeContext(context: AppContext): Promise<void> {
  await context.events.close();
  await context.database.close();
}
