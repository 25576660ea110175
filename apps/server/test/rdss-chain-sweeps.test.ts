import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import { rowsOf } from '#infra/database/json-rows';
import { expireDueChains } from '#rdss/notices/chain-expiry';
import { sendDueReminders } from '#rdss/notices/chain-reminders';
import { describeOnPostgres } from './describe-on-postgres';
import { bootstrap, fastKdfEnv, person, rsspTestEnv, type Person } from './rssp-fixture';
import { createChain } from './signing-fixture';
import { createTestApp, type TestApp } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The due-date and reminder sweeps run on every instance (decision 028): instances sweeping at
 * once take each chain and entry once, so nobody is told twice. On PGlite one app sweeps twice
 * at once; on PostgreSQL two instances on one database do.
 */
function sweepsOnce(instances: () => { one: TestApp; two: TestApp }) {
  let ann: Person;
  let bob: Person;

  beforeAll(async () => {
    const { one } = instances();
    await bootstrap(one);
    ann = await person(one, 'ann@example.com');
    bob = await person(one, 'bob@example.com');
  }, 120_000);

  const settled = async () => {
    const { one, two } = instances();
    await Promise.all([one.context.background.settled(), two.context.background.settled()]);
  };
  /** Every mail either instance sent to `who` with this subject. */
  const mailsTo = (who: Person, subject: string) => {
    const { one, two } = instances();
    const all =
      one === two ? one.mailbox.received : [...one.mailbox.received, ...two.mailbox.received];
    return all.filter((m) => m.to === who.email && m.subject === subject);
  };

  it('chains past their due date expire once, and their people are told once', async () => {
    const { one, two } = instances();
    const chains: Chain[] = [];
    for (let i = 0; i < 6; i++) {
      chains.push(
        await createChain(one, ann, {
          type: 'UNORDERED',
          signers: [{ email: bob.email }],
          dueAt: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      );
    }
    const ids = chains.map((c) => c.id);
    await one.context.database.db.execute(sql`
      update rdss.chains set due_at = now() - interval '1 minute'
      where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`);
    await settled();
    const [a, b] = await Promise.all([expireDueChains(one.context), expireDueChains(two.context)]);
    expect([...a, ...b].sort()).toEqual([...ids].sort());
    await settled();
    expect(mailsTo(bob, 'Signet: a signature chain expired')).toHaveLength(6);
    expect(mailsTo(ann, 'Signet: a signature chain expired')).toHaveLength(6);
    const events = rowsOf<{ n: number }>(
      await one.context.database.db.execute(sql`
        select count(*)::integer as n from rdss.chain_history
        where kind = 'EXPIRED'
          and chain_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`),
    );
    expect(events[0]!.n).toBe(6);
  });

  it('the automatic reminder reaches each waiting entry once', async () => {
    const { one, two } = instances();
    const chains: Chain[] = [];
    for (let i = 0; i < 4; i++) {
      chains.push(
        await createChain(one, ann, { type: 'UNORDERED', signers: [{ email: bob.email }] }),
      );
    }
    await settled();
    const before = mailsTo(bob, 'Signet: reminder, a document waits for your signature').length;
    const later = new Date(Date.now() + 3 * 86_400_000);
    const withDays = (t: TestApp) => ({
      ...t.context,
      config: { ...t.context.config, REMINDER_DAYS: 2 },
    });
    const [a, b] = await Promise.all([
      sendDueReminders(withDays(one), later),
      sendDueReminders(withDays(two), later),
    ]);
    expect(a + b).toBe(4);
    await settled();
    expect(
      mailsTo(bob, 'Signet: reminder, a document waits for your signature').length - before,
    ).toBe(4);
  });
}

describe('chain sweeps on one instance', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { ...rsspTestEnv, ...fastKdfEnv } });
  });
  afterAll(() => app?.close());
  sweepsOnce(() => ({ one: app, two: app }));
});

describeOnPostgres('chain sweeps on two instances of one PostgreSQL', () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ...rsspTestEnv, ...fastKdfEnv };
    one = await createTestApp({ env, databaseUrl: database.url });
    two = await createTestApp({ env, databaseUrl: database.url });
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await database?.drop();
  });
  sweepsOnce(() => ({ one, two }));
});
