import { z } from 'zod';
import { defaultPageSize, pageSizes } from './limits';

/** Fields of a paged list query (spec platform §7: q, page-num, page-size, sort-field, sort-order). */
export function pageQueryShape<const F extends readonly [string, ...string[]]>(
  sortFields: F,
  defaultSort: F[number],
  defaultOrder: 'asc' | 'desc' = 'asc',
) {
  return {
    q: z.string().max(255).optional(),
    'page-num': z.coerce.number().int().min(0).default(0),
    'page-size': z.coerce
      .number()
      .int()
      .refine((n) => (pageSizes as readonly number[]).includes(n), {
        message: `page-size must be one of ${pageSizes.join(', ')}`,
      })
      .default(defaultPageSize),
    'sort-field': z.enum(sortFields).default(defaultSort),
    'sort-order': z.enum(['asc', 'desc']).default(defaultOrder),
  };
}

/** Query of a paged list: `pageQueryShape` and nothing else. */
export function pageQuerySchema<const F extends readonly [string, ...string[]]>(
  sortFields: F,
  defaultSort: F[number],
) {
  return z.object(pageQueryShape(sortFields, defaultSort)).strict();
}

/** A page of a list: the items and the total across all pages. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), total: z.number().int() });
}
