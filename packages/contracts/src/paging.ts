import { z } from 'zod';
import { defaultPageSize, pageSizes } from './limits';

/**
 * Fields of a paged list query (spec platform §7: q, page-num, page-size, sort-field, sort-order).
 * Pages count from 1; `page-size=0` answers only the total (an empty page).
 */
export function pageQueryShape<const F extends readonly [string, ...string[]]>(
  sortFields: F,
  defaultSort: F[number],
  defaultOrder: 'asc' | 'desc' = 'asc',
) {
  return {
    q: z.string().max(255).optional(),
    'page-num': z.coerce.number().int().min(1).max(1_000_000).default(1),
    'page-size': z.coerce
      .number()
      .int()
      .refine((n) => n === 0 || (pageSizes as readonly number[]).includes(n), {
        message: `page-size must be one of 0, ${pageSizes.join(', ')}`,
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

/** Rows to skip for a 1-based page. */
export function pageOffset(query: { 'page-num': number; 'page-size': number }): number {
  return (query['page-num'] - 1) * query['page-size'];
}

/** A page of a list: the items and the total across all pages. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), total: z.number().int() });
}
