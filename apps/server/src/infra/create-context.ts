import type { AppContext } from './app-context';
import type { Config } from './config';
import { openDatabase } from './database';
import { createEventBus } from './event-bus';
import { migrate } from './migrations';
import { createAccessTokenVerifier } from './access-token';
import { createUserDirectory } from '#platform/user-directory';

/**
 * The composition root: opens the database, applies migrations, starts the event bus and wires
 * token verification (embedded provider or external issuer) and the platform's user directory.
 */
export async function createContext(
  config: Config,
  dataDir: string | null = config.dataDir,
): Promise<AppContext> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
  await migrate(database);
  const events = await createEventBus(database);
  const verifyAccessToken = await createAccessTokenVerifier({ config, database });
  const users = createUserDirectory({ config, database, events });
  return { config, database, events, verifyAccessToken, users };
}

export async function closeContext(context: AppContext): Promise<void> {
  await context.events.close();
  await context.database.close();
}
