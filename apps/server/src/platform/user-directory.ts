import type { UserDirectory } from '#infra/auth-types';
import type { Config } from '#infra/config';
import type { Database } from '#infra/database';
import type { EventBus } from '#infra/event-bus';
import { AppError } from '#infra/app-error';

/** Resolves token claims to the user row (by issuer+subject, then unlinked e-mail), creating it. */
export function createUserDirectory(_deps: {
  config: Config;
  database: Database;
  events: EventBus;
}): UserDirectory {
  return {
    async resolve() {
      throw new AppError('UNAUTHORIZED', 'Not implemented yet');
    },
  };
}
