import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain, ChainPage, CreateChainInput } from '@signet/contracts/chains';
import type { ChainFilter } from '@signet/contracts/chain-rules';
import { eventsDuring } from './events-during';
import { linkIn } from './mailbox';
import { createRsspTestApp, fastKdfEnv, person, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

describe('rDSS signature chains', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let carl: Person;
  let dave: Person;
  let eve: Person;

  const call = (
    who: Person | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/rdss/v1${url}`,
      ...(who ? { headers: who.headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function upload(who: Person): Promise<string> {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const res = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents?fileName=contract.pdf',
      headers: { ...who.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(await pdf.save()),
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  }

  async function create(input: Omit<CreateChainInput, 'origDocId'>, by = ann): Promise<Chain> {
    const res = await call(by, 'POST', '/signatureChains', {
      ...input,
      origDocId: await upload(by),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Chain>();
  }

  const view = async (who: Person, id: string) =>
    (await call(who, 'GET', `/signatureChains/${id}`)).json<Chain>();
  const listed = async (who: Person, filter: ChainFilter) =>
    (await call(who, 'GET', `/signatureChains/self?filter=${filter}&page-size=50`))
      .json<ChainPage>()
      .content.map((c) => c.id);

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp(fastKdfEnv));
    carl = await person(t, 'carl@example.com');
    dave = await person(t, 'dave@example.com');
    eve = await person(t, 'eve@example.com');
    // Carl approves and does not sign; Dave only views.
    const roles = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${carl.id}`,
      headers: admin.headers,
      payload: { roles: ['approver'] },
    });
    expect(roles.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('creates an ordered chain: the first signer may act, the others wait; everyone hears of it', async () => {
    let chain: Chain | undefined;
    const events = await eventsDuring(t.context.events, async () => {
      chain = await create({
        type: 'ORDERED',
        signers: [
          { email: 'BOB@example.com' },
          { email: 'newcomer@example.org' },
          { email: carl.email, approver: true },
        ],
        viewerEmails: [dave.email],
        comment: 'Please sign by Friday',
      });
    });
    const created = chain!;
    expect(created).toMatchObject({
      status: 'CREATED',
      type: 'ORDERED',
      createdBy: { id: ann.id, email: ann.email },
      comment: 'Please sign by Friday',
      currentSignatureId: null,
      viewers: [{ id: dave.id }],
      origDocument: { fileName: 'contract.pdf', security: 'NONE' },
    });
    expect(created.signatures.map((s) => [s.user.id, s.user.email, s.approver, s.status])).toEqual([
      [bob.id, bob.email, false, 'CREATED'],
      [null, 'newcomer@example.org', false, 'CREATED'],
      [carl.id, carl.email, true, 'CREATED'],
    ]);
    expect((await view(bob, created.id)).currentSignatureId).toBe(created.signatures[0]!.id);
    expect((await view(carl, created.id)).currentSignatureId).toBeNull();
    expect(await listed(bob, 'TODO')).toContain(created.id);
    expect(await listed(carl, 'PENDING')).toContain(created.id);
    expect(await listed(carl, 'TODO')).not.toContain(created.id);
    expect(await listed(dave, 'ALL')).toContain(created.id);
    expect(await listed(ann, 'PENDING')).toContain(created.id);

    const heard = events
      .filter((e) => e.name === 'SIGNATURE_CHAIN_CREATED')
      .map((e) => `${e.stream}:${e.userId}`);
    for (const who of [ann, bob, carl, dave]) {
      expect(heard).toEqual(expect.arrayContaining([`rdss:${who.id}`, `rssp:${who.id}`]));
    }
    expect(heard.some((h) => h.endsWith(eve.id))).toBe(false);
    // Each hears under which of their filters the chain now is (the list marks that chip).
    const filterOf = (who: Person) =>
      events.find((e) => e.name === 'SIGNATURE_CHAIN_CREATED' && e.userId === who.id)?.payload;
    expect(filterOf(bob)).toEqual({ chainId: created.id, filter: 'TODO' });
    expect(filterOf(carl)).toEqual({ chainId: created.id, filter: 'PENDING' });

    // A participant reads the document; a stranger sees neither the chain nor the document.
    const docId = created.origDocument!.id;
    expect((await call(bob, 'GET', `/documents/${docId}`)).statusCode).toBe(200);
    expect((await call(eve, 'GET', `/documents/${docId}`)).statusCode).toBe(404);
    expect((await call(eve, 'GET', `/signatureChains/${created.id}`)).statusCode).toBe(404);
    expect(await listed(eve, 'ALL')).not.toContain(created.id);
    // The document cannot go while the chain uses it.
    const remove = await call(ann, 'DELETE', `/documents/${docId}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({ code: 'STILL_REFERENCED' });
  });

  it('mails an invited e-mail a link that binds only the invited address: a forwarded mail binds nothing', async () => {
    const since = t.mailbox.received.length;
    const chain = await create({
      type: 'UNORDERED',
      signers: [{ email: 'invited@example.org' }, { email: bob.email }],
    });
    const mail = await t.mailbox.next('invited@example.org', since);
    // Signet's words and Ann's account name; the file name only in the body (issue 25 §5).
    expect(mail.subject).toBe('Signet: “ann Test” asks you to sign a document');
    expect(mail.text).toContain('  File: “contract.pdf”');
    expect(mail.text).toContain('aláírására kéri');
    const token = new URL(linkIn(mail, 'http://localhost:8080/join/chain#')).hash.slice(1);

    // Forwarded to frank: the link tells him whose it is and binds nothing.
    const frank = await person(t, 'frank@example.com');
    const forwarded = await call(frank, 'POST', '/signatureChains/invitation', { token });
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json()).toMatchObject({
      code: 'INVITATION_FOR_ANOTHER_ADDRESS',
      fields: { email: 'invited@example.org' },
    });
    expect(forwarded.json<{ message: string }>().message).toContain('invited@example.org');
    expect(await listed(frank, 'ALL')).not.toContain(chain.id);
    expect((await view(ann, chain.id)).signatures[0]).toMatchObject({ user: { id: null } });

    // The owner registers and confirms the address: the entry is theirs at once.
    const invited = await person(t, 'invited@example.org');
    expect(await listed(invited, 'TODO')).toContain(chain.id);
    const taken = await call(invited, 'POST', '/signatureChains/invitation', { token });
    expect(taken.statusCode).toBe(200);
    expect(taken.json<Chain>().signatures[0]).toMatchObject({
      user: { id: invited.id },
      status: 'CREATED',
    });
    expect(taken.json<Chain>().currentSignatureId).toBe(taken.json<Chain>().signatures[0]!.id);
    // The link works once; a made-up one never.
    const again = await call(bob, 'POST', '/signatureChains/invitation', { token });
    expect(again.statusCode).toBe(404);
    const forged = await call(bob, 'POST', '/signatureChains/invitation', {
      token: 'B'.repeat(43),
    });
    expect(forged.statusCode).toBe(404);
  });

  it('lets a signer decline with a reason: the chain fails for everyone', async () => {
    const chain = await create({ type: 'ORDERED', signers: [{ email: bob.email }] });
    const current = (await view(bob, chain.id)).currentSignatureId!;
    const declined = await call(bob, 'POST', `/signatures/${chain.id}/decline`, {
      currentSignatureId: current,
      comment: 'The amount is wrong',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'FAILED',
      signatures: [{ status: 'DECLINED', comment: 'The amount is wrong' }],
    });
    expect(await listed(ann, 'FAILED')).toContain(chain.id);
    // Nothing more to decide on.
    const again = await call(bob, 'POST', `/signatures/${chain.id}/decline`, {
      currentSignatureId: current,
    });
    expect(again.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('lets an approver approve, which completes the chain; a signer cannot approve', async () => {
    const chain = await create({
      type: 'UNORDERED',
      signers: [{ email: carl.email, approver: true }],
    });
    const current = (await view(carl, chain.id)).currentSignatureId!;
    const approved = await call(carl, 'POST', `/signatures/${chain.id}/approve`, {
      currentSignatureId: current,
    });
    expect(approved.json()).toMatchObject({ status: 'DONE', signatures: [{ status: 'DONE' }] });
    expect(await listed(ann, 'SIGNED')).toContain(chain.id);

    const signers = await create({ type: 'UNORDERED', signers: [{ email: bob.email }] });
    const bobs = (await view(bob, signers.id)).currentSignatureId!;
    const refused = await call(bob, 'POST', `/signatures/${signers.id}/approve`, {
      currentSignatureId: bobs,
    });
    expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    expect((await view(bob, signers.id)).status).toBe('CREATED');
  });

  it('lets only the creator withdraw a CREATED chain, once, even when two try at the same time', async () => {
    const chain = await create({ type: 'ORDERED', signers: [{ email: bob.email }] });
    expect((await call(bob, 'PUT', `/signatureChains/withdraw/${chain.id}`)).statusCode).toBe(403);
    const [first, second] = await Promise.all([
      call(ann, 'PUT', `/signatureChains/withdraw/${chain.id}`),
      call(ann, 'PUT', `/signatureChains/withdraw/${chain.id}`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const withdrawn = await view(ann, chain.id);
    expect(withdrawn).toMatchObject({ status: 'FAILED', signatures: [{ status: 'WITHDRAWN' }] });
  });

  it('settles a withdraw racing a decline: one wins, the chain stays consistent', async () => {
    const chain = await create({ type: 'ORDERED', signers: [{ email: bob.email }] });
    const current = (await view(bob, chain.id)).currentSignatureId!;
    const [withdraw, decline] = await Promise.all([
      call(ann, 'PUT', `/signatureChains/withdraw/${chain.id}`),
      call(bob, 'POST', `/signatures/${chain.id}/decline`, { currentSignatureId: current }),
    ]);
    expect([withdraw.statusCode, decline.statusCode].sort()).toEqual([200, 400]);
    const final = await view(ann, chain.id);
    expect(final.status).toBe('FAILED');
    expect(['WITHDRAWN', 'DECLINED']).toContain(final.signatures[0]!.status);
  });

  it('takes one of two approvals of the same entry sent at the same time, and announces it once', async () => {
    const chain = await create({
      type: 'ORDERED',
      signers: [{ email: carl.email, approver: true }, { email: bob.email }],
    });
    const current = (await view(carl, chain.id)).currentSignatureId!;
    let answers: Awaited<ReturnType<typeof call>>[] = [];
    const events = await eventsDuring(t.context.events, async () => {
      answers = await Promise.all([
        call(carl, 'POST', `/signatures/${chain.id}/approve`, { currentSignatureId: current }),
        call(carl, 'POST', `/signatures/${chain.id}/approve`, { currentSignatureId: current }),
      ]);
    });
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json()).toMatchObject({
      code: 'INVALID_REQUEST',
    });
    const after = await view(ann, chain.id);
    expect(after.status).toBe('CREATED');
    expect(after.signatures.map((s) => s.status)).toEqual(['DONE', 'CREATED']);
    // Bob is next, once.
    expect((await view(bob, chain.id)).currentSignatureId).toBe(after.signatures[1]!.id);
    const toCarl = events.filter(
      (e) => e.name === 'SIGNATURE_CHAIN_UPDATED' && e.userId === carl.id && e.stream === 'rdss',
    );
    expect(toCarl).toHaveLength(1);
  });

  it('moves a completed chain to the recycle bin, and refuses one still open', async () => {
    const open = await create({ type: 'ORDERED', signers: [{ email: bob.email }] });
    const refused = await call(ann, 'DELETE', `/signatureChains/soft/${open.id}`);
    expect(refused.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      message: 'The chain is not completed',
    });
    const done = await create({
      type: 'ORDERED',
      signers: [{ email: carl.email, approver: true }],
    });
    await call(carl, 'POST', `/signatures/${done.id}/approve`, {
      currentSignatureId: (await view(carl, done.id)).currentSignatureId,
    });
    expect((await call(bob, 'DELETE', `/signatureChains/soft/${done.id}`)).statusCode).toBe(404);
    expect((await call(ann, 'DELETE', `/signatureChains/soft/${done.id}`)).statusCode).toBe(204);
    expect((await call(ann, 'GET', `/signatureChains/${done.id}`)).statusCode).toBe(404);
    expect(await listed(ann, 'ALL')).not.toContain(done.id);
  });

  it('finds a chain by its external id for its creator only, and lets the creator change viewers', async () => {
    const chain = await create({
      type: 'ORDERED',
      signers: [{ email: bob.email }],
      externalId: `crm-${Date.now()}`,
    });
    const byExternal = await call(ann, 'GET', `/signatureChains/externalId/${chain.externalId}`);
    expect(byExternal.json()).toMatchObject({ id: chain.id });
    expect(
      (await call(bob, 'GET', `/signatureChains/externalId/${chain.externalId}`)).statusCode,
    ).toBe(404);

    const viewers = await call(ann, 'PUT', `/signatureChains/${chain.id}`, {
      viewerEmails: [dave.email],
    });
    expect(viewers.json<Chain>().viewers.map((v) => v.id)).toEqual([dave.id]);
    expect(await listed(dave, 'ALL')).toContain(chain.id);
    expect(
      (await call(bob, 'PUT', `/signatureChains/${chain.id}`, { viewerEmails: [] })).statusCode,
    ).toBe(403);
    const signerAsViewer = await call(ann, 'PUT', `/signatureChains/${chain.id}`, {
      viewerEmails: [bob.email],
    });
    expect(signerAsViewer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('resends invitations: only the newest link works', async () => {
    const since = t.mailbox.received.length;
    const chain = await create({ type: 'ORDERED', signers: [{ email: 'late@example.org' }] });
    const first = await t.mailbox.next('late@example.org', since);
    const afterFirst = t.mailbox.received.length;
    expect(
      (await call(bob, 'POST', `/signatureChains/${chain.id}/resendInvitations`)).statusCode,
    ).toBe(404);
    expect(
      (await call(ann, 'POST', `/signatureChains/${chain.id}/resendInvitations`)).statusCode,
    ).toBe(204);
    const second = await t.mailbox.next('late@example.org', afterFirst);
    const tokenOf = (mail: typeof first) =>
      new URL(linkIn(mail, 'http://localhost:8080/join/chain#')).hash.slice(1);
    expect(
      (await call(eve, 'POST', '/signatureChains/invitation', { token: tokenOf(first) }))
        .statusCode,
    ).toBe(404);
    const late = await person(t, 'late@example.org');
    expect(
      (await call(late, 'POST', '/signatureChains/invitation', { token: tokenOf(first) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(late, 'POST', '/signatureChains/invitation', { token: tokenOf(second) }))
        .statusCode,
    ).toBe(200);
  });

  it('gives the admin All Documents with filters and the recycle bin, where a chain can go for good', async () => {
    const done = await create({
      type: 'ORDERED',
      signers: [{ email: carl.email, approver: true }],
    });
    await call(carl, 'POST', `/signatures/${done.id}/approve`, {
      currentSignatureId: (await view(carl, done.id)).currentSignatureId,
    });
    const all = (query: string) =>
      t.app.inject({
        url: `/rdss/v1/signatureChains?page-size=50&${query}`,
        headers: admin.headers,
      });
    const ids = async (query: string) =>
      (await all(query)).json<ChainPage>().content.map((c) => c.id);
    expect(await ids('status=DONE')).toContain(done.id);
    expect(await ids('status=CREATED')).not.toContain(done.id);
    expect(await ids(`memberId=${carl.id}`)).toContain(done.id);
    expect(await ids(`createdBy=${bob.id}`)).not.toContain(done.id);
    expect((await call(ann, 'GET', '/signatureChains')).statusCode).toBe(403);

    // The admin downloads any chain's document and moves completed chains to the recycle bin,
    // but not open ones.
    const file = await t.app.inject({
      url: `/rdss/v1/documents/${done.origDocument!.id}/file`,
      headers: admin.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stillOpen = await create({ type: 'UNORDERED', signers: [{ email: bob.email }] });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/signatureChains/soft/${stillOpen.id}`,
      headers: admin.headers,
    });
    expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(await ids('')).toContain(stillOpen.id);
    const declined = await create({ type: 'UNORDERED', signers: [{ email: bob.email }] });
    await call(bob, 'POST', `/signatures/${declined.id}/decline`, {
      currentSignatureId: (await view(bob, declined.id)).currentSignatureId,
    });
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/signatureChains/soft/${declined.id}`,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(204);
    expect(await ids('recycleBin=true')).toContain(declined.id);

    expect((await call(ann, 'DELETE', `/signatureChains/soft/${done.id}`)).statusCode).toBe(204);
    expect(await ids('')).not.toContain(done.id);
    expect(await ids('recycleBin=true')).toContain(done.id);
    const forGood = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/signatureChains/${done.id}`,
      headers: admin.headers,
    });
    expect(forGood.statusCode).toBe(204);
    expect(await ids('recycleBin=true')).not.toContain(done.id);
  });

  it("keeps the admin's totals exact: each equals a real count after creates, status changes, the recycle bin and deletes", async () => {
    const real = async (where: string) => {
      const result = await t.context.database.db.execute(
        sql.raw(`select count(*)::int as n from rdss.chains c
          left join rdss.documents d on d.id = c.orig_document_id
          left join rdss.batches b on b.id = c.batch_id where ${where}`),
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const total = async (query: string, size: number, page = 1) => {
      const res = await t.app.inject({
        url: `/rdss/v1/signatureChains?page-num=${page}&page-size=${size}&${query}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ChainPage>().total;
    };
    const statuses = [undefined, 'CREATED', 'IN_PROGRESS', 'DONE', 'FAILED'] as const;
    const expectExact = async (step: string) => {
      for (const binned of [false, true]) {
        const inBin = `c.deleted_at is ${binned ? 'not ' : ''}null`;
        for (const status of statuses) {
          const query = `recycleBin=${binned}${status ? `&status=${status}` : ''}`;
          const expected = await real(`${inBin}${status ? ` and c.status = '${status}'` : ''}`);
          // Page size 0 asks for the total alone, as does a page past the end; a page of 50 is the
          // last one here and reads its total off its rows.
          expect(await total(query, 0), `${step}: ${query}`).toBe(expected);
          expect(await total(query, 10, 99), `${step}: ${query}, page 99`).toBe(expected);
          expect(await total(query, 50), `${step}: ${query}, page of 50`).toBe(expected);
        }
        const narrowed: [string, string][] = [
          [`createdBy=${ann.id}`, `c.created_by = '${ann.id}'`],
          [
            `memberId=${bob.id}`,
            `(c.created_by = '${bob.id}' or exists (select 1 from rdss.chain_entries e
              where e.chain_id = c.id and e.user_id = '${bob.id}') or exists (select 1 from
              rdss.chain_viewers v where v.chain_id = c.id and v.user_id = '${bob.id}'))`,
          ],
          ['fileName=CONTRACT', `lower(coalesce(d.file_name, b.name)) like '%contract%'`],
          ['status=FAILED&fileName=contract', `c.status = 'FAILED' and d.file_name is not null`],
        ];
        for (const [query, where] of narrowed) {
          expect(await total(`recycleBin=${binned}&${query}`, 0), `${step}: ${query}`).toBe(
            await real(`${inBin} and ${where}`),
          );
        }
      }
    };
    await expectExact('before');

    // Created at the same time (on PostgreSQL in parallel transactions).
    const created = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() =>
        create({ type: 'UNORDERED', signers: [{ email: bob.email }, { email: eve.email }] }),
      ),
    );
    await expectExact('created');
    const [toDecline, toWithdraw, toApprove, toSign] = created;
    await call(bob, 'POST', `/signatures/${toDecline!.id}/decline`, {
      currentSignatureId: (await view(bob, toDecline!.id)).currentSignatureId,
    });
    await call(ann, 'PUT', `/signatureChains/withdraw/${toWithdraw!.id}`);
    const approved = await create({
      type: 'ORDERED',
      signers: [{ email: carl.email, approver: true }],
    });
    await call(carl, 'POST', `/signatures/${approved.id}/approve`, {
      currentSignatureId: (await view(carl, approved.id)).currentSignatureId,
    });
    // Signing (the next issue) moves a chain to IN_PROGRESS; the counts follow any writer.
    await t.context.database.db.execute(
      sql`update rdss.chains set status = 'IN_PROGRESS' where id = ${toSign!.id}`,
    );
    await expectExact('status changes');

    // A refused change (a chain still open cannot go to the recycle bin) leaves the counts alone.
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/signatureChains/soft/${toApprove!.id}`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(400);
    for (const chain of [toDecline!, approved]) {
      const binned = await t.app.inject({
        method: 'DELETE',
        url: `/rdss/v1/signatureChains/soft/${chain.id}`,
        headers: admin.headers,
      });
      expect(binned.statusCode).toBe(204);
    }
    await expectExact('recycle bin');
    const forGood = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/signatureChains/${approved.id}`,
      headers: admin.headers,
    });
    expect(forGood.statusCode).toBe(204);
    await expectExact('deleted for good');
  });

  it("counts the dashboard's four tiles as the lists under each filter count them", async () => {
    const stats = async (who: Person) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/self/stats',
        headers: who.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<Record<string, number>>();
    };
    const total = async (who: Person, filter: ChainFilter) =>
      (
        await call(who, 'GET', `/signatureChains/self?filter=${filter}&page-size=0`)
      ).json<ChainPage>().total;
    const before = await stats(eve);
    await create({ type: 'UNORDERED', signers: [{ email: eve.email }, { email: bob.email }] });
    expect(await stats(eve)).toEqual({ ...before, todoCount: before.todoCount! + 1 });
    for (const who of [ann, bob, carl, dave, eve]) {
      expect(await stats(who), who.email).toEqual({
        pendingCount: await total(who, 'PENDING'),
        todoCount: await total(who, 'TODO'),
        failedCount: await total(who, 'FAILED'),
        signedCount: await total(who, 'SIGNED'),
      });
      // A page's total is the same whether it is counted or read off a last, partial page.
      for (const size of [10, 25]) {
        const paged = await call(who, 'GET', `/signatureChains/self?page-size=${size}`);
        expect(paged.json<ChainPage>().total).toBe(await total(who, 'ALL'));
      }
    }
  });

  it('validates participants and roles, and changes nothing when it refuses', async () => {
    const before = await listed(ann, 'ALL');
    const docId = await upload(ann);
    const attempt = (input: Record<string, unknown>, by = ann) =>
      call(by, 'POST', '/signatureChains', { type: 'ORDERED', origDocId: docId, ...input });
    // Dave is a signer by default roles; make a viewer-only user: Carl (approver only) cannot sign.
    const notSigner = await attempt({ signers: [{ email: carl.email }] });
    expect(notSigner.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'signers.0.email': `${carl.email} cannot take part as signer` },
    });
    const unknownViewer = await attempt({
      signers: [{ email: bob.email }],
      viewerEmails: ['ghost@example.org'],
    });
    expect(unknownViewer.json()).toMatchObject({
      fields: { 'viewerEmails.0': 'User ghost@example.org not found' },
    });
    const selfViewer = await attempt({
      signers: [{ email: bob.email }],
      viewerEmails: [ann.email],
    });
    expect(selfViewer.json()).toMatchObject({
      fields: { 'viewerEmails.0': 'The creator cannot be a viewer' },
    });
    const twice = await attempt({ signers: [{ email: bob.email }, { email: 'Bob@example.com' }] });
    expect(twice.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const none = await attempt({ signers: [] });
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const othersDocument = await attempt({ signers: [{ email: bob.email }] }, bob);
    expect(othersDocument.statusCode).toBe(404);
    const noCreatorRole = await call(carl, 'POST', '/signatureChains', {
      type: 'ORDERED',
      origDocId: docId,
      signers: [{ email: bob.email }],
    });
    expect(noCreatorRole.statusCode).toBe(403);
    expect((await call(null, 'GET', '/signatureChains/self')).statusCode).toBe(401);
    expect(await listed(ann, 'ALL')).toEqual(before);
  });
});
