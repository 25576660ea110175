import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain, ChainPage } from '@signet/contracts/chains';
import type { BatchView } from '@signet/contracts/documents';
import { eventsDuring } from './events-during';
import { linkIn } from './mailbox';
import { multipartBody } from './multipart';
import { confirmAddress, registerAccount } from './sign-in';
import { createRsspTestApp, fastKdfEnv, person, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

async function pdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage();
  return document.save();
}

describe('rDSS batches: several PDFs under one name, and chains over them', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let dave: Person;
  let eve: Person;

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      MAX_UPLOAD_DOCUMENT_BYTES: String(256 * 1024),
    }));
    dave = await person(t, 'dave@example.com');
    eve = await person(t, 'eve@example.com');
  });
  afterAll(() => t.close());

  const uploadBatch = async (
    who: Person,
    name: string,
    files: { name: string; bytes: Uint8Array; type?: string }[],
  ) => {
    const body = await multipartBody(
      { batchName: name },
      files.map((f) => ({ field: 'files', ...f })),
    );
    return t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const call = (who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/rdss/v1${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const stored = async () => {
    const result = await t.context.database.db.execute(
      sql`select (select count(*) from rdss.batches)::int as batches,
        (select count(*) from rdss.documents)::int as documents,
        (select count(distinct document_id) from rdss.document_blob_chunks)::int as blobs`,
    );
    return (result as unknown as { rows: Record<string, number>[] }).rows[0];
  };
  const threeFiles = async () => [
    { name: 'a.pdf', bytes: await pdf(1) },
    { name: 'b.pdf', bytes: await pdf(2) },
    { name: 'c.pdf', bytes: await pdf(3) },
  ];

  it('stores a batch of PDFs in upload order and shows it to its uploader only', async () => {
    const res = await uploadBatch(ann, 'Q3 contracts', await threeFiles());
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json<BatchView>();
    expect(batch.name).toBe('Q3 contracts');
    expect(batch.documents.map((d) => [d.fileName, d.security])).toEqual([
      ['a.pdf', 'NONE'],
      ['b.pdf', 'NONE'],
      ['c.pdf', 'NONE'],
    ]);
    expect((await call(ann, 'GET', `/documents/batch/${batch.id}`)).json()).toEqual(batch);
    expect((await call(bob, 'GET', `/documents/batch/${batch.id}`)).statusCode).toBe(404);
    const file = await call(ann, 'GET', `/documents/${batch.documents[1]!.id}/file`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stores nothing when one file of the batch is not a PDF, is too large, or there are too many', async () => {
    const before = await stored();
    const broken = await uploadBatch(ann, 'Broken', [
      ...(await threeFiles()),
      { name: 'photo.pdf', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'DOCUMENT_PARSING_ERROR' });
    const big = new Uint8Array(300 * 1024).fill(0x20);
    big.set(await pdf(1));
    const tooLarge = await uploadBatch(ann, 'Big', [{ name: 'big.pdf', bytes: big }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // Good files before the oversized one are not kept either.
    const lastTooLarge = await uploadBatch(ann, 'Big last', [
      ...(await threeFiles()),
      { name: 'big.pdf', bytes: big },
    ]);
    expect(lastTooLarge.statusCode).toBe(413);
    const one = await pdf(1);
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `${i}.pdf`, bytes: one }));
    const tooMany = await uploadBatch(ann, 'Many', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    // A name too long to keep (an empty one is the first file's: issue 38 §8).
    const unnamed = await uploadBatch(ann, 'n'.repeat(256), [{ name: 'a.pdf', bytes: one }]);
    expect(unnamed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { batchName: expect.any(String) },
    });
    expect(await stored()).toEqual(before);
  });

  it("makes one chain per document of a batch, each announced and on the signer's TODO list", async () => {
    const batch = (await uploadBatch(ann, 'Per file', await threeFiles())).json<BatchView>();
    let created: Chain[] = [];
    const events = await eventsDuring(t.context.events, async () => {
      const res = await call(ann, 'POST', '/signatureChains/multi', {
        type: 'UNORDERED',
        batchId: batch.id,
        signers: [{ email: bob.email }],
      });
      expect(res.statusCode, res.body).toBe(201);
      created = res.json<{ chains: Chain[] }>().chains;
    });
    expect(created.map((c) => [c.origDocument?.fileName, c.batch])).toEqual([
      ['a.pdf', null],
      ['b.pdf', null],
      ['c.pdf', null],
    ]);
    const todo = (
      await call(bob, 'GET', '/signatureChains/self?filter=TODO&page-size=50')
    ).json<ChainPage>();
    expect(todo.content.map((c) => c.id)).toEqual(expect.arrayContaining(created.map((c) => c.id)));
    const announced = events.filter(
      (e) => e.name === 'SIGNATURE_CHAIN_CREATED' && e.userId === bob.id,
    );
    expect(new Set(announced.map((e) => e.payload.chainId))).toEqual(
      new Set(created.map((c) => c.id)),
    );
  });

  it('makes one chain over a whole batch with the bulk switch: its participants read every document', async () => {
    const batch = (await uploadBatch(ann, 'Annual bundle', await threeFiles())).json<BatchView>();
    const res = await call(ann, 'POST', '/signatureChains/multi', {
      type: 'ORDERED',
      batchId: batch.id,
      bulk: true,
      signers: [{ email: bob.email }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [chain] = res.json<{ chains: Chain[] }>().chains;
    expect(chain).toMatchObject({
      origDocument: null,
      batch: { id: batch.id, name: 'Annual bundle', documents: batch.documents },
    });
    // Named by the batch in lists and searches.
    const found = (
      await call(bob, 'GET', '/signatureChains/self?q=annual%20bun')
    ).json<ChainPage>();
    expect(found.content.map((c) => c.id)).toEqual([chain!.id]);
    expect((await call(bob, 'GET', `/documents/batch/${batch.id}`)).statusCode).toBe(200);
    for (const document of batch.documents) {
      expect((await call(bob, 'GET', `/documents/${document.id}/file`)).statusCode).toBe(200);
      expect((await call(eve, 'GET', `/documents/${document.id}/file`)).statusCode).toBe(404);
    }
    expect((await call(eve, 'GET', `/documents/batch/${batch.id}`)).statusCode).toBe(404);
    // A document a chain uses stays.
    const removed = await call(ann, 'DELETE', `/documents/${batch.documents[0]!.id}`);
    expect(removed.json()).toMatchObject({ code: 'STILL_REFERENCED' });
  });

  it('refuses a chain over a batch whose documents were all deleted', async () => {
    const batch = (
      await uploadBatch(ann, 'Emptied', [{ name: 'a.pdf', bytes: await pdf(1) }])
    ).json<BatchView>();
    expect((await call(ann, 'DELETE', `/documents/${batch.documents[0]!.id}`)).statusCode).toBe(
      204,
    );
    const signers = [{ email: bob.email }];
    // Neither one chain per file (which would answer no chains), nor bulk, nor a single create.
    const attempts = [
      call(ann, 'POST', '/signatureChains/multi', { type: 'ORDERED', batchId: batch.id, signers }),
      call(ann, 'POST', '/signatureChains/multi', {
        type: 'ORDERED',
        batchId: batch.id,
        bulk: true,
        signers,
      }),
      call(ann, 'POST', '/signatureChains', { type: 'ORDERED', batchId: batch.id, signers }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { batchId: expect.any(String) },
      });
    }
  });

  it("refuses a chain naming both a document and a batch, or neither, or someone else's batch", async () => {
    const batch = (await uploadBatch(ann, 'Mine', await threeFiles())).json<BatchView>();
    const signers = [{ email: bob.email }];
    const both = await call(ann, 'POST', '/signatureChains', {
      type: 'ORDERED',
      signers,
      batchId: batch.id,
      origDocId: batch.documents[0]!.id,
    });
    expect(both.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const neither = await call(ann, 'POST', '/signatureChains', { type: 'ORDERED', signers });
    expect(neither.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const before = (await call(bob, 'GET', '/signatureChains/self?page-size=0')).json<ChainPage>()
      .total;
    const foreign = await call(eve, 'POST', '/signatureChains/multi', {
      type: 'ORDERED',
      batchId: batch.id,
      signers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call(bob, 'GET', '/signatureChains/self?page-size=0')).json<ChainPage>().total,
    ).toBe(before);
  });

  it('refuses a batch that is not multipart, has no files or carries another file field, storing nothing', async () => {
    const before = await stored();
    const json = await call(ann, 'POST', '/documents/batch', { batchName: 'Json' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const empty = await uploadBatch(ann, 'Empty', []);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { files: expect.any(String) },
    });
    const body = await multipartBody({ batchName: 'Other field' }, [
      { field: 'files', name: 'a.pdf', bytes: await pdf(1) },
      { field: 'attachment', name: 'b.pdf', bytes: await pdf(1) },
    ]);
    const other = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...ann.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { attachment: expect.any(String) },
    });
    expect(await stored()).toEqual(before);
  });

  it('names a batch sent without a name, or with blanks, after its first file (D§5, issue 38 §8)', async () => {
    for (const name of ['', '   ']) {
      const res = await uploadBatch(ann, name, await threeFiles());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<BatchView>().name).toBe('a.pdf');
    }
    const body = await multipartBody({}, [
      { field: 'files', name: 'first.pdf', bytes: await pdf(1) },
    ]);
    const unnamed = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...ann.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(unnamed.statusCode, unnamed.body).toBe(201);
    expect(unnamed.json<BatchView>().name).toBe('first.pdf');
    // A name given is kept as given.
    const named = await uploadBatch(ann, 'Invoices batch', await threeFiles());
    expect(named.json<BatchView>().name).toBe('Invoices batch');
  });

  it('takes a batchId in POST signatureChains: announced, found by the batch name, every document readable by its participants', async () => {
    const batch = (await uploadBatch(ann, 'Board minutes', await threeFiles())).json<BatchView>();
    let chain: Chain | undefined;
    const events = await eventsDuring(t.context.events, async () => {
      const res = await call(ann, 'POST', '/signatureChains', {
        type: 'ORDERED',
        batchId: batch.id,
        signers: [{ email: bob.email }],
        viewerEmails: [dave.email],
      });
      expect(res.statusCode, res.body).toBe(201);
      chain = res.json<Chain>();
    });
    expect(chain).toMatchObject({
      origDocument: null,
      batch: { id: batch.id, name: 'Board minutes', documents: batch.documents },
    });
    expect(
      events
        .filter((e) => e.name === 'SIGNATURE_CHAIN_CREATED' && e.payload.chainId === chain?.id)
        .map((e) => e.userId),
    ).toEqual(expect.arrayContaining([bob.id, dave.id]));
    expect((await call(ann, 'GET', `/signatureChains/${chain?.id}`)).json()).toEqual(chain);

    // All Documents: the file name filter matches the batch name of a chain without a document.
    const adminIds = async (query: string) =>
      (await call(admin, 'GET', `/signatureChains?page-size=50&${query}`))
        .json<ChainPage>()
        .content.map((c) => c.id);
    expect(await adminIds('fileName=BOARD%20min')).toEqual([chain?.id]);
    expect(await adminIds('fileName=a.pdf')).not.toContain(chain?.id);
    expect((await call(admin, 'GET', `/documents/batch/${batch.id}`)).statusCode).toBe(200);

    // Signer and viewer read each document, its metadata and thumbnail; a stranger none.
    for (const document of batch.documents) {
      for (const reader of [bob, dave]) {
        const meta = await call(reader, 'GET', `/documents/${document.id}`);
        expect(meta.json()).toMatchObject({ id: document.id, fileName: document.fileName });
        const thumbnail = await call(reader, 'GET', `/documents/${document.id}/thumbnail`);
        expect(thumbnail.statusCode).toBe(200);
      }
      expect((await call(eve, 'GET', `/documents/${document.id}`)).statusCode).toBe(404);
      expect((await call(eve, 'GET', `/documents/${document.id}/thumbnail`)).statusCode).toBe(404);
    }
    expect((await call(dave, 'GET', `/documents/batch/${batch.id}`)).statusCode).toBe(200);
  });

  it('announces a bulk chain and mails invited e-mails for every chain a multi create makes', async () => {
    // The mails to `to` after `since`, waiting for `n` of them.
    const mailsTo = async (to: string, since: number, n: number) => {
      let from = since;
      for (let i = 0; i < n; i++) {
        const mail = await t.mailbox.next(to, from);
        from = t.mailbox.received.indexOf(mail) + 1;
      }
      return t.mailbox.received.slice(since).filter((mail) => mail.to === to);
    };
    const perFile = (await uploadBatch(ann, 'Leases', await threeFiles())).json<BatchView>();
    const since = t.mailbox.received.length;
    const created = await call(ann, 'POST', '/signatureChains/multi', {
      type: 'UNORDERED',
      batchId: perFile.id,
      signers: [{ email: 'guest@example.org' }, { email: bob.email }],
    });
    expect(created.statusCode, created.body).toBe(201);
    // The file names are the inviter's words: in the body, never the subject (issue 25 §5).
    const texts = (await mailsTo('guest@example.org', since, 3)).map((mail) => mail.text);
    expect(texts.sort()).toEqual(
      ['a.pdf', 'b.pdf', 'c.pdf'].map((file) => expect.stringContaining(`File: “${file}”`)),
    );

    const bundle = (await uploadBatch(ann, 'Lease bundle', await threeFiles())).json<BatchView>();
    const bulkSince = t.mailbox.received.length;
    let chain: Chain | undefined;
    const events = await eventsDuring(t.context.events, async () => {
      const res = await call(ann, 'POST', '/signatureChains/multi', {
        type: 'ORDERED',
        batchId: bundle.id,
        bulk: true,
        signers: [{ email: 'host@example.org' }],
      });
      expect(res.statusCode, res.body).toBe(201);
      [chain] = res.json<{ chains: Chain[] }>().chains;
    });
    expect(
      events.filter((e) => e.name === 'SIGNATURE_CHAIN_CREATED').map((e) => e.payload.chainId),
    ).toContain(chain?.id);
    const [mail] = await mailsTo('host@example.org', bulkSince, 1);
    expect(mail?.text).toContain('File: “Lease bundle”');
    expect(mail?.subject).not.toContain('Lease bundle');
    // The invited address's owner reads the batch once the address is confirmed.
    const registered = t.mailbox.received.length;
    await registerAccount(
      t.app,
      { email: 'host@example.org', password: 'user-password-1', givenName: 'H', familyName: 'O' },
      { confirm: false },
    );
    const host = await person(t, 'host@example.org', 'user-password-1', false);
    expect((await call(host, 'GET', `/documents/batch/${bundle.id}`)).statusCode).toBe(404);
    const token = new URL(linkIn(mail!, 'http://localhost:8080/join/chain#')).hash.slice(1);
    expect((await call(host, 'POST', '/signatureChains/invitation', { token })).statusCode).toBe(
      403,
    );
    await confirmAddress(t.app, await t.mailbox.next('host@example.org', registered));
    expect((await call(host, 'GET', `/documents/batch/${bundle.id}`)).statusCode).toBe(200);
    expect((await call(host, 'POST', '/signatureChains/invitation', { token })).statusCode).toBe(
      200,
    );
  });

  it('refuses a multi create without a batch, with a document, or with a bad participant, creating nothing', async () => {
    const batch = (await uploadBatch(ann, 'Checked', await threeFiles())).json<BatchView>();
    const signers = [{ email: bob.email }];
    const count = async () =>
      (await call(bob, 'GET', '/signatureChains/self?page-size=0')).json<ChainPage>().total;
    const before = await count();
    const noBatch = await call(ann, 'POST', '/signatureChains/multi', { type: 'ORDERED', signers });
    expect(noBatch.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { batchId: expect.any(String) },
    });
    const withDocument = await call(ann, 'POST', '/signatureChains/multi', {
      type: 'ORDERED',
      signers,
      batchId: batch.id,
      origDocId: batch.documents[0]!.id,
    });
    expect(withDocument.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const twice = await call(ann, 'POST', '/signatureChains/multi', {
      type: 'ORDERED',
      signers: [...signers, ...signers],
      batchId: batch.id,
    });
    expect(twice.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await count()).toBe(before);
  });
});
