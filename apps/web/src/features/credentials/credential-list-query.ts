import { credentialListQuerySchema } from '@signet/contracts/credentials';
import type { CredentialListQuery } from '@signet/contracts/credentials';
import { listQueryParams } from '../../shared/lists/list-query-params';

/** The list query of the credentials screens, as the address keeps it (spec platform §2). */
export type CredentialListState = Pick<
  CredentialListQuery,
  'q' | 'page-num' | 'page-size' | 'sort-field' | 'sort-order'
>;

/** Address parameters `q`, `pageNum`, `pageSize`, `sortBy`, `sortOrder`; pages count from 1 like the API's. */
const credentialListQuery = listQueryParams<CredentialListState>(credentialListQuerySchema, {
  q: 'q',
  'page-num': 'pageNum',
  'page-size': 'pageSize',
  'sort-field': 'sortBy',
  'sort-order': 'sortOrder',
});

/** Defaults: page 1 of 10, newest first (createdAt desc). */
export const defaultCredentialListState = credentialListQuery.defaults;
export const readCredentialListState = credentialListQuery.read;
export const writeCredentialListState = credentialListQuery.write;
