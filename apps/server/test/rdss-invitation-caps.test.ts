import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain, CreateChainInput } from '@signet/contracts/chains';
import { createRsspTestApp, fastKdfEnv, person, type Person } from './rssp-fixture';
import { registerAccount } from './sign-in';
import type { TestApp } from './test-app';

/**
 * Signet is no mail relay (issue 25 §5): invitation mails per user and day are capped, a resend
 * reaches an entry at most once an hour, a chain names at most 100 people, and an invitation's
 * subject carries no text the inviter chose. Mail goes through a real SMTP server.
 */
describe('invitation mail caps', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let carl: Person;

  beforeAll(async () => {
    ({ t, ann, bob } = await createRsspTestApp({ ...fastKdfEnv, INVITATION_MAILS_PER_DAY: '4' }));
    carl = await person(t, 'carl@example.com');
  });
  afterAll(() => t.close());

  const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/rdss/v1${url}`,
      headers: who.headers,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  async function upload(who: Person, fileName = 'contract.pdf'): Promise<string> {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const res = await t.app.inject({
      method: 'POST',
      url: `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
      headers: { ...who.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(await pdf.save()),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  const createChain = async (
    who: Person,
    input: Omit<CreateChainInput, 'origDocId'>,
    fileName?: string,
  ) => call(who, 'POST', '/signatureChains', { ...input, origDocId: await upload(who, fileName) });

  const invited = (n: number, tag: string) =>
    Array.from({ length: n }, (_, i) => ({ email: `${tag}-${i}@invited.example` }));

  /** What a refusal must leave as it was: the user's chains and invitations, and mail sent. */
  async function storedOf(who: Person) {
    const result = await t.context.database.db.execute(sql`
      select
        (select count(*) from rdss.chains where created_by = ${who.id}) as chains,
        (select count(*) from rdss.chain_invitations i
           join rdss.chain_entries e on e.id = i.entry_id
           join rdss.chains c on c.id = e.chain_id
           where c.created_by = ${who.id}) as invitations,
        (select string_agg(i.token_hash || coalesce(i.resent_at::text, ''), ',' order by i.token_hash)
           from rdss.chain_invitations i
           join rdss.chain_entries e on e.id = i.entry_id
           join rdss.chains c on c.id = e.chain_id
           where c.created_by = ${who.id}) as links`);
    return {
      ...(result as unknown as { rows: object[] }).rows[0],
      mails: t.mailbox.received.length,
    };
  }

  it('lets a resend reach an entry once an hour: the second answers 429 with Retry-After and mails nothing', async () => {
    const since = t.mailbox.received.length;
    const created = await createChain(ann, {
      type: 'ORDERED',
      signers: [{ email: 'late@invited.example' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const chain = created.json<Chain>();
    await t.mailbox.next('late@invited.example', since);

    const afterCreate = t.mailbox.received.length;
    const first = await call(ann, 'POST', `/signatureChains/${chain.id}/resendInvitations`);
    expect(first.statusCode).toBe(204);
    await t.mailbox.next('late@invited.example', afterCreate);

    const before = await storedOf(ann);
    const second = await call(ann, 'POST', `/signatureChains/${chain.id}/resendInvitations`);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(second.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await storedOf(ann)).toEqual(before);
  });

  it("caps a user's invitation mails per day: past it 429 until the next UTC day, and nothing is stored", async () => {
    const since = t.mailbox.received.length;
    const first = await createChain(bob, { type: 'UNORDERED', signers: invited(3, 'day') });
    expect(first.statusCode, first.body).toBe(201);
    await t.mailbox.next('day-2@invited.example', since);

    const before = await storedOf(bob);
    const over = await createChain(bob, { type: 'UNORDERED', signers: invited(2, 'over') });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const now = new Date();
    const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const retryAfter = Number(over.headers['retry-after']);
    expect(Math.abs(now.getTime() + retryAfter * 1000 - nextDay)).toBeLessThan(5_000);
    expect(await storedOf(bob)).toEqual(before);
    // A resend counts as well; a chain of registered people only mails nobody and still goes.
    const resend = await call(
      bob,
      'POST',
      `/signatureChains/${first.json<Chain>().id}/resendInvitations`,
    );
    expect(resend.statusCode).toBe(429);
    expect(await storedOf(bob)).toEqual(before);
    const registered = await createChain(bob, {
      type: 'UNORDERED',
      signers: [{ email: carl.email }],
    });
    expect(registered.statusCode).toBe(201);
    // The one mail left today still goes; other users count their own.
    const last = await createChain(bob, { type: 'UNORDERED', signers: invited(1, 'last') });
    expect(last.statusCode, last.body).toBe(201);
    expect(
      (await createChain(bob, { type: 'UNORDERED', signers: invited(1, 'more') })).statusCode,
    ).toBe(429);
    expect(
      (await createChain(carl, { type: 'UNORDERED', signers: invited(1, 'carl') })).statusCode,
    ).toBe(201);
  });

  it('refuses a chain of more than 100 participants, stating the cap', async () => {
    const before = await storedOf(carl);
    const signers = await createChain(carl, { type: 'UNORDERED', signers: invited(101, 'many') });
    expect(signers.statusCode).toBe(400);
    expect(signers.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.values(signers.json().fields)).toContain(
      'A chain names at most 100 participants',
    );
    const together = await createChain(carl, {
      type: 'UNORDERED',
      signers: invited(60, 'mix'),
      viewerEmails: invited(41, 'view').map((v) => v.email),
    });
    expect(together.statusCode).toBe(400);
    expect(together.json().fields).toMatchObject({
      signers: 'A chain names at most 100 participants',
    });
    expect(await storedOf(carl)).toEqual(before);
  });

  it("puts only Signet's words and the inviter's quoted account name in the subject; the file name and comment are the inviter's words in the body", async () => {
    const since = t.mailbox.received.length;
    const created = await createChain(
      ann,
      {
        type: 'ORDERED',
        signers: [{ email: 'reader@invited.example' }],
        comment: 'CLAIM YOUR PRIZE at http://spam.example now',
      },
      'You won 1000 EUR visit spam.example.pdf',
    );
    expect(created.statusCode, created.body).toBe(201);
    const mail = await t.mailbox.next('reader@invited.example', since);
    // Ann's account name comes from her registration (given name "ann", family name "Test").
    expect(mail.subject).toBe('Signet: “ann Test” asks you to sign a document');
    expect(mail.subject).not.toMatch(/spam|PRIZE|EUR|pdf/i);
    expect(mail.text).toContain(
      [
        "What ann Test wrote (their words, not Signet's):",
        '  File: “You won 1000 EUR visit spam.example.pdf”',
        '  Message: “CLAIM YOUR PRIZE at http://spam.example now”',
      ].join('\n'),
    );
    expect(mail.text).toContain('ann Test üzenete (az ő szavai, nem a Signeté):');

    // In the inviter's language when it is Hungarian (the recipient's is unknown).
    const hu = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/self',
      headers: ann.headers,
      payload: { locale: 'HU' },
    });
    expect(hu.statusCode).toBe(200);
    const afterEn = t.mailbox.received.length;
    const inHungarian = await createChain(ann, {
      type: 'ORDERED',
      signers: [{ email: 'olvaso@invited.example' }],
    });
    expect(inHungarian.statusCode, inHungarian.body).toBe(201);
    const huMail = await t.mailbox.next('olvaso@invited.example', afterEn);
    expect(huMail.subject).toBe('Signet: „ann Test” dokumentum aláírására kéri');
    expect(huMail.text.indexOf('aláírására kéri')).toBeLessThan(huMail.text.indexOf('asks you'));
  });

  it("strips format and control characters from everyone's text in every mail, and bounds the quoted name in the subject (issue 39 §9)", async () => {
    // A name written to pose as headers, with a right-to-left override and a zero-width space.
    const mal = { email: 'mal@example.com', password: 'user-password-1' };
    await registerAccount(t.app, {
      ...mal,
      givenName: 'Mal\u202E Subject: Urgent\r\nBcc: victim@example.com',
      familyName: 'Ops\u200B',
    });
    const malice = await person(t, mal.email, mal.password, false);
    const since = t.mailbox.received.length;
    const created = await createChain(
      malice,
      {
        type: 'UNORDERED',
        signers: [{ email: bob.email }, { email: 'reader9@invited.example' }],
        comment: 'Pay \u202Efdp.exe\u202C now\u2028\u2066today\u2069',
      },
      'invoice\u202Efdp.exe.pdf',
    );
    expect(created.statusCode, created.body).toBe(201);
    const invitation = await t.mailbox.next('reader9@invited.example', since);
    expect(invitation.subject).toBe(
      'Signet: “Mal Subject: Urgent Bcc: victim@example…” asks you to sign a document',
    );
    expect(invitation.text).toContain(
      'Mal Subject: Urgent Bcc: victim@example.com Ops (mal@example.com) asks you to sign',
    );
    expect(invitation.text).toContain('  File: “invoicefdp.exe.pdf”');
    expect(invitation.text).toContain('  Message: “Pay fdp.exe now today”');
    const notice = await t.mailbox.next(bob.email, since);
    expect(notice.text).toContain('Mal Subject: Urgent Bcc: victim@example.com Ops asked you');
    await t.context.background.settled();
    const mails = t.mailbox.received.slice(since);
    expect(mails.map((m) => m.to)).not.toContain('victim@example.com');
    for (const mail of mails) {
      expect(mail.subject, mail.subject).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
      expect(mail.text.replaceAll('\n', ''), mail.subject).not.toMatch(
        /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u,
      );
    }
  });
});
