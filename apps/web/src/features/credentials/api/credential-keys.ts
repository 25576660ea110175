import type { CredentialListQuery, OwnCredentialListQuery } from '@signet/contracts/credentials';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * Query keys of the credentials feature. Everything that changes with a credential lives under
 * `queryKeys.credentials`, so mutations and the `CREDENTIAL_UPDATED` event refresh it at once.
 */
export const credentialKeys = {
  all: queryKeys.credentials,
  ownList: (query: OwnCredentialListQuery) => [...queryKeys.credentials, 'self', query] as const,
  adminList: (query: CredentialListQuery) => [...queryKeys.credentials, 'all', query] as const,
  detail: (id: string) => [...queryKeys.credentials, 'detail', id] as const,
  /** What the server can generate: static, so outside the credentials root. */
  algorithms: ['credential-algorithms'] as const,
  countries: (locale: string) => ['server', 'countries', locale] as const,
  enabledUsers: (q: string) => [...queryKeys.users, 'enabled', q] as const,
};
