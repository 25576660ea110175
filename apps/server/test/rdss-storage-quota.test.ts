import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '@signet/contracts/documents';
import { multipartBody } from './multipart';
import { bootstrap, person, rsspTestEnv, type Person } from './rssp-fixture';
import { createTestApp, type TestApp } from './test-app';

/** A one-page PDF of about `size` bytes (its subject, written as UTF-16 hex, pads it). */
async function pdfOf(size: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdf.setSubject('x'.repeat(Math.max(0, Math.round((size - 900) / 4))));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

const quota = 40_000;

/**
 * STORAGE_BYTES_PER_USER (issue 25 §9): a user's stored documents are capped; an upload past the
 * cap is refused with STORAGE_QUOTA_EXCEEDED before its bytes are kept, whether it says its length
 * up front or streams without one, and nothing is left in the database or on disk.
 */
describe.each([
  ['in the database', false],
  ['as files beside the embedded database', true],
] as const)('the storage quota, documents %s', (_where, asFiles) => {
  let dataDir: string | undefined;
  let t: TestApp;
  let ann: Person;
  let bob: Person;

  beforeAll(async () => {
    dataDir = asFiles ? mkdtempSync(join(tmpdir(), 'signet-quota-')) : undefined;
    t = await createTestApp({
      env: { ...rsspTestEnv, STORAGE_BYTES_PER_USER: String(quota) },
      ...(dataDir ? { dataDir } : {}),
    });
    await bootstrap(t);
    ann = await person(t, 'ann@example.com');
    bob = await person(t, 'bob@example.com');
  });
  afterAll(async () => {
    await t.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (who: Person, payload: Buffer | Readable) =>
    t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents?fileName=a.pdf',
      headers: { ...who.headers, 'content-type': 'application/pdf' },
      payload,
    });

  /** What is kept of Ann's documents: rows, byte pieces and files. */
  async function kept() {
    const db = t.context.database.db;
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]?.n);
    return {
      documents: await count(
        sql`select count(*) as n from rdss.documents where owner_id = ${ann.id}`,
      ),
      pieces: await count(sql`select count(*) as n from rdss.document_blob_chunks`),
      files: dataDir ? readdirSync(join(dataDir, 'documents')).sort() : [],
    };
  }

  it('accepts uploads under the quota and refuses the one that would pass it, storing nothing', async () => {
    const first = await upload(ann, await pdfOf(25_000));
    expect(first.statusCode, first.body).toBe(201);
    const before = await kept();
    expect(before.documents).toBe(1);

    // Its Content-Length says it up front.
    const over = await upload(ann, await pdfOf(20_000));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED' });
    expect(over.json().message).toMatch(/storage quota/);
    expect(await kept()).toEqual(before);

    // Without a length, reading stops once the room is passed.
    const streamed = await upload(ann, Readable.from([await pdfOf(20_000)]));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED' });
    expect(await kept()).toEqual(before);

    // A batch past the room is refused as a whole.
    const form = await multipartBody({ batchName: 'Two' }, [
      { field: 'files', name: 'a.pdf', bytes: await pdfOf(8_000) },
      { field: 'files', name: 'b.pdf', bytes: await pdfOf(8_000) },
    ]);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...ann.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(batch.statusCode).toBe(413);
    expect(batch.json()).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED' });
    expect(await kept()).toEqual(before);

    // What still fits goes in; another user has a quota of their own.
    expect((await upload(ann, await pdfOf(10_000))).statusCode).toBe(201);
    expect((await upload(bob, await pdfOf(25_000))).statusCode).toBe(201);
    expect((await kept()).documents).toBe(2);
  });

  it('gives the room back when a document is deleted', async () => {
    const full = await upload(ann, await pdfOf(10_000));
    expect(full.json()).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED' });
    const list = await t.context.database.db.execute(
      sql`select id from rdss.documents where owner_id = ${ann.id} order by file_size desc limit 1`,
    );
    const [largest] = (list as unknown as { rows: { id: string }[] }).rows;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/documents/${largest!.id}`,
      headers: ann.headers,
    });
    expect(removed.statusCode).toBe(204);
    const again = await upload(ann, await pdfOf(10_000));
    expect(again.statusCode).toBe(201);
    expect(again.json<DocumentView>().fileSize).toBeGreaterThan(9_000);
  });
});
