import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain, ChainRemindersResult, CreateChainInput } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { MailPreference } from '@signet/contracts/users';
import { rowsOf } from '#infra/database/json-rows';
import { expireDueChains } from '#rdss/notices/chain-expiry';
import { sendDueReminders } from '#rdss/notices/chain-reminders';
import type { ReceivedMail } from './mailbox';
import { createRsspTestApp, fastKdfEnv, person, post, type Person } from './rssp-fixture';
import { activatedCredential, createChain, makePdf, signBody, uploadPdf } from './signing-fixture';
import type { TestApp } from './test-app';

/**
 * People are told (issue 26 §3): registered participants get "your turn", "completed",
 * "declined", "withdrawn" and "expired" mails in their own language, after the change committed,
 * as their mail preference allows; the creator reminds once a day per participant; a due date
 * expires a chain. Mail goes through a real SMTP server (the test mailbox).
 */
describe('chain notices by mail', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let carl: Person;
  let dora: Person;
  let erin: Person;
  let bobKey: Credential;
  let carlKey: Credential;

  beforeAll(async () => {
    ({ t, ann, bob } = await createRsspTestApp(fastKdfEnv));
    carl = await person(t, 'carl@example.com');
    dora = await person(t, 'dora@example.com');
    erin = await person(t, 'erin@example.com');
    await setSelf(erin, { locale: 'HU' });
    bobKey = await activatedCredential(t, bob);
    carlKey = await activatedCredential(t, carl);
  }, 120_000);
  afterAll(() => t?.close());

  async function setSelf(
    who: Person,
    body: { locale?: 'EN' | 'HU'; mailPreference?: MailPreference },
  ) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/self',
      headers: who.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The notices sent since `since`, once the background work of the calls so far ended. */
  async function mailsSince(since: number): Promise<ReceivedMail[]> {
    await t.context.background.settled();
    return t.mailbox.received.slice(since);
  }
  const withdraw = (id: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/rdss/v1/signatureChains/withdraw/${id}`,
      headers: ann.headers,
    });

  /** Where the next notices start, once those of earlier calls went out. */
  async function mark(): Promise<number> {
    await t.context.background.settled();
    return t.mailbox.received.length;
  }
  const to = (mails: ReceivedMail[], who: Person) => mails.filter((m) => m.to === who.email);
  const chainOf = (input: Omit<CreateChainInput, 'origDocId'>) => createChain(t, ann, input);
  const read = async (who: Person, id: string) =>
    (
      await t.app.inject({ url: `/rdss/v1/signatureChains/${id}`, headers: who.headers })
    ).json<Chain>();

  it('an ordered chain tells each signer it is their turn when the previous one signed, and everyone when it is completed', async () => {
    let since = await mark();
    const chain = await chainOf({
      type: 'ORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
      viewerEmails: [dora.email],
    });
    let mails = await mailsSince(since);
    expect(to(mails, bob).map((m) => m.subject)).toEqual([
      'Signet: it is your turn to sign a document',
    ]);
    expect(to(mails, bob)[0]!.text).toContain('http://localhost:8080/signatureChains/list/TODO');
    expect(to(mails, bob)[0]!.text).toContain('“contract.pdf”');
    expect(to(mails, carl)).toEqual([]);
    expect(to(mails, ann)).toEqual([]);

    since = await mark();
    const signed = await post(t, bob, '/rdss/v1/signatures/sign', signBody(chain, bob, bobKey));
    expect(signed.statusCode, signed.body).toBe(200);
    mails = await mailsSince(since);
    expect(to(mails, carl).map((m) => m.subject)).toEqual([
      'Signet: it is your turn to sign a document',
    ]);
    expect(to(mails, bob)).toEqual([]);
    expect(to(mails, ann)).toEqual([]);

    since = await mark();
    const last = await post(t, carl, '/rdss/v1/signatures/sign', signBody(chain, carl, carlKey));
    expect(last.statusCode, last.body).toBe(200);
    mails = await mailsSince(since);
    for (const who of [ann, bob, carl, dora]) {
      expect(to(mails, who).map((m) => m.subject)).toEqual([
        'Signet: a signature chain is completed',
      ]);
      expect(to(mails, who)[0]!.text).toContain(
        'http://localhost:8080/signatureChains/list/SIGNED',
      );
    }
  }, 60_000);

  it('an unordered chain tells every registered participant at creation, each in their language, and not the invited address twice', async () => {
    const since = await mark();
    await chainOf({
      type: 'UNORDERED',
      signers: [{ email: bob.email }, { email: erin.email }, { email: 'nobody@invited.example' }],
    });
    const mails = await mailsSince(since);
    expect(to(mails, bob).map((m) => m.subject)).toEqual([
      'Signet: it is your turn to sign a document',
    ]);
    expect(to(mails, erin).map((m) => m.subject)).toEqual([
      'Signet: Önön a sor, írja alá a dokumentumot',
    ]);
    expect(to(mails, erin)[0]!.text).toContain('most Önön a sor');
    expect(to(mails, erin)[0]!.text).not.toContain('your turn');
    // The invited address gets its invitation only.
    const invited = mails.filter((m) => m.to === 'nobody@invited.example');
    expect(invited).toHaveLength(1);
    expect(invited[0]!.subject).toContain('asks you to sign a document');
  });

  it('a decline tells the creator and the participants still waiting, with the reason', async () => {
    const chain = await chainOf({
      type: 'UNORDERED',
      signers: [{ email: bob.email }, { email: carl.email }, { email: erin.email }],
    });
    const since = await mark();
    const bobEntry = chain.signatures.find((s) => s.user.id === bob.id)!;
    const res = await post(t, bob, `/rdss/v1/signatures/${chain.id}/decline`, {
      currentSignatureId: bobEntry.id,
      comment: 'The amount is wrong',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsSince(since);
    expect(to(mails, bob)).toEqual([]);
    for (const who of [ann, carl]) {
      const [mail, ...more] = to(mails, who);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Signet: a signature chain was declined');
      expect(mail!.text).toContain('bob Test declined to sign');
      expect(mail!.text).toContain('“The amount is wrong”');
    }
    const [hu] = to(mails, erin);
    expect(hu!.subject).toBe('Signet: egy aláírási láncot elutasítottak');
    expect(hu!.text).toContain('indoklása');
  });

  it('a withdrawal tells the participants still waiting, not the creator who withdrew', async () => {
    const chain = await chainOf({
      type: 'ORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
    });
    const since = await mark();
    const res = await withdraw(chain.id);
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsSince(since);
    expect(to(mails, ann)).toEqual([]);
    for (const who of [bob, carl]) {
      expect(to(mails, who).map((m) => m.subject)).toEqual([
        'Signet: a signature chain was withdrawn',
      ]);
      expect(to(mails, who)[0]!.text).toContain(
        'http://localhost:8080/signatureChains/list/FAILED',
      );
    }
  });

  it('the mail preference decides: NONE gets nothing, YOUR_TURN only "your turn" and reminders', async () => {
    const frank = await person(t, 'frank@example.com');
    const gina = await person(t, 'gina@example.com');
    await setSelf(frank, { mailPreference: 'NONE' });
    await setSelf(gina, { mailPreference: 'YOUR_TURN' });
    const self = await t.app.inject({ url: '/api/v1/users/self', headers: gina.headers });
    expect(self.json<{ mailPreference: string }>().mailPreference).toBe('YOUR_TURN');

    let since = await mark();
    const chain = await chainOf({
      type: 'UNORDERED',
      signers: [{ email: frank.email }, { email: gina.email }],
    });
    let mails = await mailsSince(since);
    expect(to(mails, frank)).toEqual([]);
    expect(to(mails, gina).map((m) => m.subject)).toEqual([
      'Signet: it is your turn to sign a document',
    ]);

    since = await mark();
    const reminded = await post(t, ann, `/rdss/v1/signatureChains/${chain.id}/reminders`);
    expect(reminded.statusCode, reminded.body).toBe(200);
    mails = await mailsSince(since);
    expect(to(mails, frank)).toEqual([]);
    expect(to(mails, gina).map((m) => m.subject)).toEqual([
      'Signet: reminder, a document waits for your signature',
    ]);

    since = await mark();
    expect((await withdraw(chain.id)).statusCode).toBe(200);
    mails = await mailsSince(since);
    expect(to(mails, frank)).toEqual([]);
    expect(to(mails, gina)).toEqual([]);
  });

  it('the creator reminds whose turn it is once a day: the second reminder is refused, and the reminder is recorded once', async () => {
    const chain = await chainOf({
      type: 'ORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
    });
    expect((await post(t, bob, `/rdss/v1/signatureChains/${chain.id}/reminders`)).statusCode).toBe(
      403,
    );
    let since = await mark();
    const first = await post(t, ann, `/rdss/v1/signatureChains/${chain.id}/reminders`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ChainRemindersResult>()).toEqual({
      reminded: [bob.email],
      skipped: [],
      nextReminderAt: null,
    });
    let mails = await mailsSince(since);
    expect(to(mails, bob).map((m) => m.subject)).toEqual([
      'Signet: reminder, a document waits for your signature',
    ]);
    expect(to(mails, carl)).toEqual([]);

    since = await mark();
    const second = await post(t, ann, `/rdss/v1/signatureChains/${chain.id}/reminders`);
    expect(second.statusCode).toBe(429);
    expect(second.json<{ code: string }>().code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(second.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    mails = await mailsSince(since);
    expect(to(mails, bob)).toEqual([]);
    const history = rowsOf<{ kind: string; actor_id: string }>(
      await t.context.database.db.execute(
        sql`select kind, actor_id from rdss.chain_history where chain_id = ${chain.id} and kind = 'REMINDED'`,
      ),
    );
    expect(history).toEqual([{ kind: 'REMINDED', actor_id: ann.id }]);
  });

  it('the automatic reminder (REMINDER_DAYS) reminds an entry once after that many quiet days', async () => {
    const chain = await chainOf({ type: 'UNORDERED', signers: [{ email: carl.email }] });
    const ctx = { ...t.context, config: { ...t.context.config, REMINDER_DAYS: 3 } };
    const since = await mark();
    expect(await sendDueReminders(ctx, new Date(Date.now() + 2 * 86_400_000))).toBe(0);
    const later = new Date(Date.now() + 4 * 86_400_000);
    const [first, again] = [await sendDueReminders(ctx, later), await sendDueReminders(ctx, later)];
    expect(first).toBeGreaterThanOrEqual(1);
    expect(again).toBe(0);
    const mails = await mailsSince(since);
    expect(to(mails, carl).map((m) => m.subject)).toContain(
      'Signet: reminder, a document waits for your signature',
    );
    const reminded = rowsOf<{ n: number }>(
      await t.context.database.db.execute(
        sql`select count(*)::integer as n from rdss.chain_history where chain_id = ${chain.id} and kind = 'REMINDED'`,
      ),
    );
    expect(reminded[0]!.n).toBe(1);
  });

  it('a due date in the past is refused; once passed, the chain reads expired, cannot be signed, and the sweep fails it and tells its people', async () => {
    const past = await post(t, ann, '/rdss/v1/signatureChains', {
      type: 'ORDERED',
      signers: [{ email: bob.email }],
      origDocId: await uploadPdf(t, ann, await makePdf()),
      dueAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ fields: Record<string, string> }>().fields.dueAt).toBe(
      'The due date must be in the future',
    );

    const dueAt = new Date(Date.now() + 3_600_000).toISOString();
    const chain = await chainOf({
      type: 'ORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
      dueAt,
    });
    expect(chain.dueAt).toBe(dueAt);
    // The hour passes (only the database can say so: the API refuses past dates).
    await t.context.database.db.execute(
      sql`update rdss.chains set due_at = now() - interval '1 minute' where id = ${chain.id}`,
    );
    const seen = await read(bob, chain.id);
    expect([seen.status, seen.endedReason, seen.currentSignatureId]).toEqual([
      'FAILED',
      'EXPIRED',
      null,
    ]);
    const refused = await post(t, bob, '/rdss/v1/signatures/sign', signBody(chain, bob, bobKey));
    expect(refused.statusCode).toBe(403);

    const since = await mark();
    expect(await expireDueChains(t.context)).toEqual([chain.id]);
    expect(await expireDueChains(t.context)).toEqual([]);
    const stored = rowsOf<{ status: string; ended_reason: string; entries: string[] }>(
      await t.context.database.db.execute(sql`
        select status, ended_reason,
          (select array_agg(status order by position) from rdss.chain_entries
           where chain_id = c.id) as entries
        from rdss.chains c where id = ${chain.id}`),
    );
    expect(stored).toEqual([
      { status: 'FAILED', ended_reason: 'EXPIRED', entries: ['FAILED', 'FAILED'] },
    ]);
    const history = rowsOf<{ kind: string }>(
      await t.context.database.db.execute(
        sql`select kind from rdss.chain_history where chain_id = ${chain.id} and kind = 'EXPIRED'`,
      ),
    );
    expect(history).toHaveLength(1);
    const mails = await mailsSince(since);
    for (const who of [ann, bob, carl]) {
      expect(to(mails, who).map((m) => m.subject)).toEqual(['Signet: a signature chain expired']);
    }
    const listed = await t.app.inject({
      url: '/rdss/v1/signatureChains/self?filter=FAILED',
      headers: ann.headers,
    });
    const row = listed.json<{ content: Chain[] }>().content.find((c) => c.id === chain.id);
    expect([row?.status, row?.endedReason]).toEqual(['FAILED', 'EXPIRED']);
  });

  it("the mails a creator's own calls cause count against their day: past the cap the chain stands and nobody is mailed", async () => {
    const day = new Date().toISOString().slice(0, 10);
    await t.context.database.db.execute(sql`
      insert into rdss.notice_mail_counts (user_id, day, sent) values (${ann.id}, ${day}, 1000)
      on conflict (user_id, day) do update set sent = 1000`);
    const since = await mark();
    const chain = await chainOf({ type: 'UNORDERED', signers: [{ email: bob.email }] });
    expect(chain.status).toBe('CREATED');
    expect(to(await mailsSince(since), bob)).toEqual([]);
    await t.context.database.db.execute(
      sql`delete from rdss.notice_mail_counts where user_id = ${ann.id}`,
    );
    const again = await mark();
    await chainOf({ type: 'UNORDERED', signers: [{ email: bob.email }] });
    expect(to(await mailsSince(again), bob)).toHaveLength(1);
  });

  it('a mail that cannot go out fails no signature: the decline stands and the failure is logged', async () => {
    const chain = await chainOf({
      type: 'UNORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
    });
    const failures: string[] = [];
    t.context.background.onFailure(({ what }) => failures.push(what));
    await mark();
    await t.mailbox.close();
    const bobEntry = chain.signatures.find((s) => s.user.id === bob.id)!;
    const res = await post(t, bob, `/rdss/v1/signatures/${chain.id}/decline`, {
      currentSignatureId: bobEntry.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.context.background.settled();
    expect(failures).toEqual(['declined notice']);
    expect((await read(ann, chain.id)).status).toBe('FAILED');
  });
});
