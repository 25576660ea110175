import { describe } from 'vitest';
import { postgresAdminUrl } from './test-database';

/** `describe` for the tests only PostgreSQL can run (see `postgresAdminUrl`). */
export const describeOnPostgres = describe.skipIf(postgresAdminUrl === '');
