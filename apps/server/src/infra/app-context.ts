import type { VerifyAccessToken, UserDirectory } from './auth-types';
import type { Config } from './config';
import type { Database } from './database';
import type { EventBus } from './event-bus';

/** What every service plugin receives: configuration, the database, the event bus and auth. */
export interface AppContext {
  config: Config;
  database: Database;
  events: EventBus;
  verifyAccessToken: VerifyAccessToken;
  users: UserDirectory;
}
