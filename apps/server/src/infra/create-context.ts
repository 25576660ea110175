import type { AppContext } from './app-context';
import type { Config } from './config';
import { openDatabase } from './database';
import { createEventBus } from './event-bus';
import { migrate } from './migrations';

/** Opens the database, applies migrations and starts the event bus. */
export async function createContext(
  config: Config,
  dataDir: string | null = config.dataDir,
): Promise<AppContext> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
  await migrate(database);
  const events = await createEventBus(database);
  return { config, database, events };
}

export async function closeContext(context: AppContext): Promise<void> {
  await context.events.close();
  await context.database.close();
}
