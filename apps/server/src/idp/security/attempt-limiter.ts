import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db } from '#infra/database';
import { passwordAttempts } from '../store';

/**
 * One count an attempt goes against. `limit` attempts fit in the window; past them a `block`
 * rule refuses until the window forgets, a `backoff` rule only makes the next attempt wait
 * 2^(n - limit) seconds (at most `maxDelayMs`) after the last one: guessing slows to a crawl,
 * but a stranger cannot lock the owner out.
 */
export interface AttemptRule {
  key: string;
  limit: number;
  mode: 'block' | 'backoff';
}

/** A claimed attempt: one row per rule, all counted as failures until forgiven or succeeded. */
export interface Attempt {
  ids: number[];
}

/**
 * Counts password attempts in a sliding window so guessing through the sign-in, account and
 * registration forms is slowed down. The counts live in the database: every instance sees the
 * same ones, and claiming is atomic, so parallel requests cannot slip past a limit. Keys are
 * stored as SHA-256 digests.
 */
export interface AttemptLimiter {
  /**
   * Claims an attempt against every rule before the password is checked. Null when any rule is
   * used up (nothing is recorded then).
   */
  claim(rules: AttemptRule[]): Promise<Attempt | null>;
  /** The password was right: these keys' earlier failures are forgotten. */
  succeeded(keys: string[]): Promise<void>;
  /** The attempt never reached the password check (a form error): it does not count. */
  forgive(attempt: Attempt): Promise<void>;
  /** Removes attempts older than the window. */
  sweep(): Promise<void>;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The limits of the sign-in and account forms, per production settings. */
export const signInLimits = {
  /** Wrong passwords from one address for one account. */
  perAddressAndAccount: 10,
  /** Wrong passwords from one address across all accounts (password spraying). */
  perAddress: 30,
  /** Wrong passwords for one account from anywhere before each try has to wait. */
  perAccountBeforeBackoff: 5,
};

/**
 * The rules a password attempt goes against: address + account (blocks), address across accounts
 * (blocks), account across addresses (backs off).
 */
export function signInRules(ip: string, email: string, limits = signInLimits): AttemptRule[] {
  const account = normalEmail(email);
  return [
    { key: `${ip}|${account}`, limit: limits.perAddressAndAccount, mode: 'block' },
    { key: `address|${ip}`, limit: limits.perAddress, mode: 'block' },
    { key: `account|${account}`, limit: limits.perAccountBeforeBackoff, mode: 'backoff' },
  ];
}

/** What a right password forgets: the account's failures, not the address's. */
export function signInSuccessKeys(ip: string, email: string): string[] {
  const account = normalEmail(email);
  return [`${ip}|${account}`, `account|${account}`];
}

/** Registrations from one address in the window (REGISTRATIONS_PER_ADDRESS). */
export function registrationRules(ip: string, limit: number): AttemptRule[] {
  return [{ key: `register|${ip}`, limit, mode: 'block' }];
}

const digest = (key: string): string => createHash('sha256').update(key).digest('hex');

export function createAttemptLimiter(options: {
  db: Db;
  windowMs: number;
  /** The longest a backoff rule makes an attempt wait. */
  maxDelayMs?: number;
  now?: () => number;
}): AttemptLimiter {
  const { db, windowMs } = options;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const now = options.now ?? Date.now;
  return {
    claim: (rules) =>
      db.transaction(async (tx) => {
        const hashed = rules
          .map((rule) => ({ ...rule, keyHash: digest(rule.key) }))
          .sort((a, b) => a.keyHash.localeCompare(b.keyHash));
        const at = now();
        for (const rule of hashed) {
          // One claim per key at a time, across instances; locks taken in one order.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${rule.keyHash}))`);
          const [recent] = await tx
            .select({ n: count(), last: max(passwordAttempts.attemptedAt) })
            .from(passwordAttempts)
            .where(
              and(
                eq(passwordAttempts.keyHash, rule.keyHash),
                gt(passwordAttempts.attemptedAt, new Date(at - windowMs)),
              ),
            );
          const n = recent?.n ?? 0;
          if (n < rule.limit) continue;
          if (rule.mode === 'block') return null;
          const delay = Math.min(1000 * 2 ** (n - rule.limit), maxDelayMs);
          if (recent?.last && at - recent.last.getTime() < delay) return null;
        }
        const rows = await tx
          .insert(passwordAttempts)
          .values(hashed.map((rule) => ({ keyHash: rule.keyHash, attemptedAt: new Date(at) })))
          .returning({ id: passwordAttempts.id });
        // Null means "limit reached" only; an insert that returns too little is an error.
        if (rows.length !== hashed.length) throw new Error('password attempt was not recorded');
        return { ids: rows.map((row) => row.id) };
      }),
    succeeded: async (keys) => {
      await db.delete(passwordAttempts).where(inArray(passwordAttempts.keyHash, keys.map(digest)));
    },
    forgive: async (attempt) => {
      await db.delete(passwordAttempts).where(inArray(passwordAttempts.id, attempt.ids));
    },
    sweep: async () => {
      await db
        .delete(passwordAttempts)
        .where(lt(passwordAttempts.attemptedAt, new Date(now() - windowMs)));
    },
  };
}
