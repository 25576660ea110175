// database/: PGlite or PostgreSQL, migrations, built statements, the event bus and instance
// presence. Its public face: what the rest of the service may use of it.
export { builtQueries, executeNamed, statementName } from './built-queries';
export { openDatabase, serverAccessOf, type Database, type Db, type Tx } from './database';
export { createEventBus, type EventBus } from './event-bus';
export { instanceAlive, startInstancePresence, type InstancePresence } from './instance-presence';
export { rowFromJson, rowsOf } from './json-rows';
export { containing, startingWith } from './like-pattern';
export { migrate } from './migrations';
