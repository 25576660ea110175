import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#infra/database';
import { migrate } from '#infra/migrations';
import { attemptKey, createAttemptLimiter } from '#idp/attempt-limiter';
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from './test-database';

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

  it('blocks after maxFailures in the window, and forgets them after it, on success or when forgiven', async () => {
    let now = 1_000_000;
    const limiter = createAttemptLimiter({
      db: opened[0]!.db,
      maxFailures: 3,
      windowMs: 1000,
      now: () => now,
    });
    const key = attemptKey('127.0.0.1', ' Ann@Example.com ');
    expect(key).toBe('127.0.0.1|ann@example.com');
    const first = await limiter.claim(key);
    expect(first).not.toBeNull();
    // A form error does not count.
    await limiter.forgive(first!);
    for (let i = 0; i < 3; i += 1) expect(await limiter.claim(key)).not.toBeNull();
    expect(await limiter.claim(key)).toBeNull();
    expect(await limiter.claim(attemptKey('127.0.0.2', 'ann@example.com'))).not.toBeNull();
    now += 1001;
    expect(await limiter.claim(key)).not.toBeNull();
    await limiter.succeeded(key);
    for (let i = 0; i < 3; i += 1) expect(await limiter.claim(key)).not.toBeNull();
    expect(await limiter.claim(key)).toBeNull();
    // The sweep removes what the window no longer counts.
    now += 1001;
    await limiter.sweep();
    for (let i = 0; i < 3; i += 1) expect(await limiter.claim(key)).not.toBeNull();
  });
});

// Several instances on one database share the count; only PostgreSQL has several connections.

describe('password attempt limiter across instances', () => {
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
      createAttemptLimiter({ db: database.db, maxFailures: 10, windowMs: 60_000 }),
    );
    const key = attemptKey('10.0.0.1', 'bob@example.com');
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => limiters[i % 2]!.claim(key)),
    );
    expect(claims.filter((claim) => claim !== null)).toHaveLength(10);
    expect(await limiters[1]!.claim(key)).toBeNull();
  });
});
