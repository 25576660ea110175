import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error';

/** The first path in `value` (query, params or a JSON body) whose string holds a NUL character. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${path}.${index}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(key, path) ?? findNul(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that reached a query would answer 500. Every route
 * refuses it up front with VALIDATION_FAILED, naming the field.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const sources = { query: request.query, params: request.params, body: request.body };
    for (const [source, value] of Object.entries(sources)) {
      const field = findNul(value, '');
      if (field !== null) {
        throw new AppError('VALIDATION_FAILED', 'Validation failed', {
          [field || source]: 'Must not contain a NUL character',
        });
      }
    }
  });
}
