import type { Config } from './config';
import type { Database } from './database';
import type { EventBus } from './event-bus';

/** What every service plugin receives: configuration, the database and the event bus. */
export interface AppContext {
  config: Config;
  database: Database;
  events: EventBus;
}
