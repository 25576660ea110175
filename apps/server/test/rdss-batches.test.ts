import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain, ChainPage } from '@signet/contracts/chains';
import type { BatchView } from '@signet/contracts/documents';
import { eventsDuring } from './events-during';
import { multipartBody } from './multipart';
import { createRsspTestApp, fastKdfEnv, person, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

async function pdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage();
  return document.save();
}

describe('rDSS batches: several PDFs under one name, and chains over them', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let eve: Person;

  beforeAll(async () => {
    ({ t, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      MAX_UPLOAD_DOCUMENT_BYTES: String(256 * 1024),
    }));
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
        (select count(*) from rdss.document_blobs)::int as blobs`,
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
    expect(broken.json()).toMatchObject({ code: 'DOCUMENT_PARSING_ERROR' });
    const big = new Uint8Array(300 * 1024).fill(0x20);
    big.set(await pdf(1));
    const tooLarge = await uploadBatch(ann, 'Big', [{ name: 'big.pdf', bytes: big }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const one = await pdf(1);
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `${i}.pdf`, bytes: one }));
    const tooMany = await uploadBatch(ann, 'Many', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const unnamed = await uploadBatch(ann, '', [{ name: 'a.pdf', bytes: one }]);
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
    const res = await call(ann, 'POST', '/signatureChains/multi', {
      type: 'ORDERED',
      batchId: batch.id,
      bulk: true,
      signers: [{ email: bob.email }],
    });
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { batchId: expect.any(String) },
    });
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
});
