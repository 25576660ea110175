import { userListQuerySchema } from '@signet/contracts/users';
import type { UserListQuery } from '@signet/contracts/users';

const queryParams = ['q', 'page-num', 'page-size', 'sort-field', 'sort-order'] as const;
const defaultQuery = userListQuerySchema.parse({});

/**
 * The Users list query lives in the address under the API's own parameter names, so reload,
 * back and a shared link keep the search, page and sort. Anything invalid falls back to defaults.
 */
export function readUsersQuery(params: URLSearchParams): UserListQuery {
  const raw = Object.fromEntries(
    queryParams.flatMap((key) => {
      const value = params.get(key);
      return value ? [[key, value]] : [];
    }),
  );
  const parsed = userListQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : defaultQuery;
}

/** The address parameters of a query; defaults are left out to keep the address short. */
export function writeUsersQuery(query: UserListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of queryParams) {
    const value = query[key];
    if (value !== undefined && value !== '' && value !== defaultQuery[key]) {
      params.set(key, String(value));
    }
  }
  return params;
}
