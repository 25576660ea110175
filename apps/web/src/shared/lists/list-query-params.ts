import type { z } from 'zod';

/** The query of every paged list (contracts `pageQueryShape`). */
const listQueryKeys = ['q', 'page-num', 'page-size', 'sort-field', 'sort-order'] as const;
export type ListQueryKey = (typeof listQueryKeys)[number];

/**
 * Keeps a paged list's query in the address, so reload, back and a shared link keep the search,
 * page and sort. `schema` is the list's query schema from the contracts; `names` the address
 * parameter of a key where it differs (the API's own name otherwise). Invalid values fall back to their
 * default one by one; writing leaves the defaults out to keep the address short.
 */
export function listQueryParams<Q extends Partial<Record<ListQueryKey, unknown>>>(
  schema: z.ZodType<Q>,
  names?: Partial<Record<ListQueryKey, string>>,
) {
  const defaults: Q = schema.parse({});
  const read = (params: URLSearchParams): Q => {
    const query: Q = { ...defaults };
    for (const key of listQueryKeys) {
      const value = params.get(names?.[key] ?? key);
      if (!value) continue;
      const parsed = schema.safeParse({ [key]: value });
      if (parsed.success) Object.assign(query, { [key]: parsed.data[key] });
    }
    return query;
  };
  const write = (query: Q): URLSearchParams => {
    const params = new URLSearchParams();
    for (const key of listQueryKeys) {
      const value = query[key];
      if (value === undefined || value === '' || value === defaults[key]) continue;
      params.set(names?.[key] ?? key, String(value));
    }
    return params;
  };
  return { defaults, read, write };
}
