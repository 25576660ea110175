import { signatureProfileListQuerySchema } from '@signet/contracts/signature-profiles';
import type { SignatureProfileListQuery } from '@signet/contracts/signature-profiles';
import { listQueryParams } from '../../shared/lists/list-query-params';

/** The profile list's search, page and sort, kept in the address under the API's names. */
const profileListQuery = listQueryParams<SignatureProfileListQuery>(
  signatureProfileListQuerySchema,
);

export const readProfileListQuery = profileListQuery.read;
export const writeProfileListQuery = profileListQuery.write;

/** Paths of the profile screens (D§2). */
export const profilePaths = {
  list: '/signatureProfiles',
  add: '/signatureProfiles/add',
  update: (id: string) => `/signatureProfiles/${encodeURIComponent(id)}/update`,
  credentials: '/credentials',
};

/** Profile names in the list are cut at 40 characters (D§9). */
export const listNameLength = 40;

export function truncatedName(name: string, length = listNameLength): string {
  return name.length > length ? `${name.slice(0, length)}…` : name;
}
