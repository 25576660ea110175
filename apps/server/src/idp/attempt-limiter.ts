import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '#infra/database';
import { passwordAttempts } from './idp-schema';

/**
 * Counts password attempts per key (client address + e-mail) in a sliding window, so guessing
 * passwords through the sign-in and account forms is slowed down. The count lives in the
 * database: every instance sees the same one, and claiming an attempt is atomic, so parallel
 * requests cannot slip past the limit. Keys are stored as SHA-256 digests.
 */
export interface AttemptLimiter {
  /**
   * Claims an attempt before the password is checked. Null when the key has used up its
   * attempts in the window (nothing is recorded then); otherwise the attempt's id, which stays
   * counted as a failure unless `succeeded` or `forgive` follows.
   */
  claim(key: string): Promise<number | null>;
  /** The password was right: the key's earlier failures are forgotten. */
  succeeded(key: string): Promise<void>;
  /** The attempt never reached the password check (a form error): it does not count. */
  forgive(attemptId: number): Promise<void>;
  /** Removes attempts older than the window. */
  sweep(): Promise<void>;
}

export const attemptKey = (ip: string, email: string) => `${ip}|${email.trim().toLowerCase()}`;

const digest = (key: string): string => createHash('sha256').update(key).digest('hex');

export function createAttemptLimiter(options: {
  db: Db;
  maxFailures: number;
  windowMs: number;
  now?: () => number;
}): AttemptLimiter {
  const { db, maxFailures, windowMs } = options;
  const now = options.now ?? Date.now;
  return {
    claim: (key) => {
      const keyHash = digest(key);
      return db.transaction(async (tx) => {
        // One claim per key at a time, across instances: count and insert cannot interleave.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keyHash}))`);
        const [recent] = await tx
          .select({ n: count() })
          .from(passwordAttempts)
          .where(
            and(
              eq(passwordAttempts.keyHash, keyHash),
              gt(passwordAttempts.attemptedAt, new Date(now() - windowMs)),
            ),
          );
        if ((recent?.n ?? 0) >= maxFailures) return null;
        const [row] = await tx
          .insert(passwordAttempts)
          .values({ keyHash, attemptedAt: new Date(now()) })
          .returning({ id: passwordAttempts.id });
        // Null means "limit reached" only; an insert that returns nothing is an error.
        if (!row) throw new Error('password attempt was not recorded');
        return row.id;
      });
    },
    succeeded: async (key) => {
      await db.delete(passwordAttempts).where(eq(passwordAttempts.keyHash, digest(key)));
    },
    forgive: async (attemptId) => {
      await db.delete(passwordAttempts).where(eq(passwordAttempts.id, attemptId));
    },
    sweep: async () => {
      await db
        .delete(passwordAttempts)
        .where(lt(passwordAttempts.attemptedAt, new Date(now() - windowMs)));
    },
  };
}
