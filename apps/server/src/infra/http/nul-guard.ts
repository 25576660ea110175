import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error';

/**
 * Deepest nesting a query, path or JSON body may have. Signet's own bodies nest a few levels;
 * JSON.parse reads far deeper, and anything that walks the value by recursion would overflow.
 */
export const maxNestingDepth = 64;

type Finding = { path: string; message: string };
type Walked = { value: unknown; path: string; depth: number };

/**
 * The first path in `value` (query, params or a JSON body) whose string holds a NUL character,
 * or where it nests deeper than `maxNestingDepth`. Walked with a stack of its own, in document
 * order, so no depth overflows the call stack.
 */
function findRefused(value: unknown): Finding | null {
  const stack: Walked[] = [{ value, path: '', depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { path, depth } = item;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000'))
        return { path, message: 'Must not contain a NUL character' };
      continue;
    }
    if (!item.value || typeof item.value !== 'object' || Buffer.isBuffer(item.value)) continue;
    if (depth >= maxNestingDepth) {
      return { path, message: `Must not nest more than ${maxNestingDepth} levels deep` };
    }
    const children: Walked[] = [];
    if (Array.isArray(item.value)) {
      for (const [index, child] of item.value.entries()) {
        children.push({
          value: child,
          path: path ? `${path}.${index}` : `${index}`,
          depth: depth + 1,
        });
      }
    } else {
      for (const [key, child] of Object.entries(item.value)) {
        children.push({ value: key, path, depth: depth + 1 });
        children.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
      }
    }
    // Last in, first out: pushed in reverse, they are walked in order.
    for (const child of children.reverse()) stack.push(child);
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that reached a query would answer 500; a value
 * nested thousands of levels deep (a small JSON body can be) would overflow whatever walks it.
 * Every route refuses both up front with VALIDATION_FAILED, naming the field.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const sources = { query: request.query, params: request.params, body: request.body };
    for (const [source, value] of Object.entries(sources)) {
      const found = findRefused(value);
      if (found !== null) {
        throw new AppError('VALIDATION_FAILED', 'Validation failed', {
          [found.path || source]: found.message,
        });
      }
    }
  });
}
