import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#infra/database/database';
import { migrate } from '#infra/database/migrations';
import {
  createAttemptLimiter,
  signInRules,
  signInSuccessKeys,
  type AttemptRule,
} from '#idp/security/attempt-limiter';
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from './test-database';
import { describeOnPostgres } from './describe-on-postgres';

const block = (key: string, limit: number): AttemptRule => ({ key, limit, mode: 'block' });

describe('password attempt limiter', () => {
  let target: TestDatabase;
  const opened: Database[] = [];
  beforeAll(async () => {
    target = await createTestDatabase();
    opened.push(await openDatabase({ url: target.url, dataDir: null }));
    await migrate(opened[0]!);
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await target.drop();
  });

  it('blocks after the limit in the window, and forgets on success, when forgiven or after the window', async () => {
    let now = 1_000_000;
    const limiter = createAttemptLimiter({ db: opened[0]!.db, windowMs: 1000, now: () => now });
    const rules = [block('127.0.0.1|ann@example.com', 3)];
    const first = await limiter.claim(rules);
    expect(first).not.toBeNull();
    // A form error does not count.
    await limiter.forgive(first!);
    for (let i = 0; i < 3; i += 1) expect(await limiter.claim(rules)).not.toBeNull();
    expect(await limiter.claim(rules)).toBeNull();
    expect(await limiter.claim([block('127.0.0.2|ann@example.com', 3)])).not.toBeNull();
    now += 1001;
    expect(await limiter.claim(rules)).not.toBeNull();
    await limiter.succeeded(['127.0.0.1|ann@example.com']);
    for (let i = 0; i < 3; i += 1) expect(await limiter.claim(rules)).not.toBeNull();
    expect(await limiter.claim(rules)).toBeNull();
    // The sweep removes what the window no longer counts.
    now += 1001;
    await limiter.sweep();
    for (let i = 0; i < 3; i += 1) expect(await limiter.claim(rules)).not.toBeNull();
  });

  it('slows guesses at one account from many addresses to a doubling wait, never a lock', async () => {
    let now = 5_000_000;
    const limiter = createAttemptLimiter({
      db: opened[0]!.db,
      windowMs: 15 * 60_000,
      maxDelayMs: 8_000,
      now: () => now,
    });
    const limits = {
      perAddressAndAccount: 10,
      perAddress: 30,
      perAccountBeforeBackoff: 5,
    };
    const from = (i: number) => signInRules(`203.0.113.${i}`, 'Carl@example.com', limits);
    for (let i = 0; i < 5; i += 1) expect(await limiter.claim(from(i))).not.toBeNull();
    // Past five failures a new address has to wait 1 s, then 2 s, 4 s, 8 s, 8 s ...
    for (const wait of [1000, 2000, 4000, 8000, 8000]) {
      expect(await limiter.claim(from(99))).toBeNull();
      now += wait - 1;
      expect(await limiter.claim(from(98))).toBeNull();
      now += 1;
      expect(await limiter.claim(from(97))).not.toBeNull();
    }
    // Another account is not slowed, and the right password forgets the account's failures.
    expect(
      await limiter.claim(signInRules('203.0.113.1', 'dora@example.com', limits)),
    ).not.toBeNull();
    await limiter.succeeded(signInSuccessKeys('203.0.113.7', 'carl@example.com'));
    expect(await limiter.claim(from(96))).not.toBeNull();
  });

  it('blocks one address spraying passwords over many accounts', async () => {
    const limiter = createAttemptLimiter({ db: opened[0]!.db, windowMs: 60_000 });
    const limits = {
      perAddressAndAccount: 10,
      perAddress: 4,
      perAccountBeforeBackoff: 5,
    };
    const spray = (i: number) => signInRules('198.51.100.9', `user${i}@example.com`, limits);
    for (let i = 0; i < 4; i += 1) expect(await limiter.claim(spray(i))).not.toBeNull();
    expect(await limiter.claim(spray(4))).toBeNull();
    // Nothing was recorded for the refused try: the account it named is not slowed.
    expect(
      await limiter.claim(signInRules('192.0.2.1', 'user4@example.com', limits)),
    ).not.toBeNull();
  });
});

// Several instances on one database share the count; only PostgreSQL has several connections.

describeOnPostgres('password attempt limiter across instances (PostgreSQL)', () => {
  let target: TestDatabase;
  const opened: Database[] = [];
  beforeAll(async () => {
    target = await createTestDatabase(postgresAdminUrl);
    for (let i = 0; i < 2; i++) opened.push(await openDatabase({ url: target.url }));
    await migrate(opened[0]!);
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await target.drop();
  });

  it('lets exactly 10 of 20 parallel attempts through two instances', async () => {
    const limiters = opened.map((database) =>
      createAttemptLimiter({ db: database.db, windowMs: 60_000 }),
    );
    const rules = [block('10.0.0.1|bob@example.com', 10)];
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => limiters[i % 2]!.claim(rules)),
    );
    expect(claims.filter((claim) => claim !== null)).toHaveLength(10);
    expect(await limiters[1]!.claim(rules)).toBeNull();
  });
});
