import { credentialListQuerySchema } from '@signet/contracts/credentials';
import type { CredentialListQuery } from '@signet/contracts/credentials';

/** The list query of the credentials screens, as the address keeps it (spec platform §2). */
export type CredentialListState = Pick<
  CredentialListQuery,
  'q' | 'page-num' | 'page-size' | 'sort-field' | 'sort-order'
>;

/** Address parameter → API parameter. Page numbers are 0-based like the API's. */
const urlParams = {
  q: 'q',
  pageNum: 'page-num',
  pageSize: 'page-size',
  sortBy: 'sort-field',
  sortOrder: 'sort-order',
} as const satisfies Record<string, keyof CredentialListState>;

type UrlParam = keyof typeof urlParams;
const urlParamNames = Object.keys(urlParams) as UrlParam[];

/** Defaults: page 0 of 10, newest first (createdAt desc). */
export const defaultCredentialListState: CredentialListState = credentialListQuerySchema.parse({});

/** Reads `q`, `pageNum`, `pageSize`, `sortBy`, `sortOrder`; anything invalid falls back to the default. */
export function readCredentialListState(params: URLSearchParams): CredentialListState {
  const state: CredentialListState = { ...defaultCredentialListState };
  for (const name of urlParamNames) {
    const value = params.get(name);
    if (value === null || value === '') continue;
    const key = urlParams[name];
    const parsed = credentialListQuerySchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(state, { [key]: parsed.data[key] });
  }
  return state;
}

/** Writes the non-default values back as address parameters. */
export function writeCredentialListState(state: CredentialListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of urlParamNames) {
    const key = urlParams[name];
    const value = state[key];
    if (value === undefined || value === '') continue;
    if (name !== 'q' && value === defaultCredentialListState[key]) continue;
    params.set(name, String(value));
  }
  return params;
}
