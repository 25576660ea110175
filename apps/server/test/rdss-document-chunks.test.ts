import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBlobStore } from '#rdss/documents/document-store';
import { blobChunkBytes } from '#rdss/documents/piece-buffers';
import type { SignResult } from '@signet/contracts/signatures';
import { createRsspTestApp, post, type Person } from './rssp-fixture';
import { activatedCredential, createChain, signBody, uploadPdf } from './signing-fixture';
import type { TestApp } from './test-app';

/** A valid PDF of about `size` bytes: one page and an unused stream of random bytes. */
async function pdfOfSize(size: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdf.context.register(pdf.context.stream(randomBytes(size)));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

// The bytes in the database (in memory on PGlite, or PostgreSQL with TEST_DATABASE_URL): a file
// larger than a piece is stored as pieces, and read back whole.
describe('document bytes in the database, in pieces', () => {
  let t: TestApp;
  let ann: Person;
  beforeAll(async () => {
    ({ t, ann } = await createRsspTestApp({ MAX_UPLOAD_DOCUMENT_BYTES: String(40 * 2 ** 20) }));
  });
  afterAll(() => t.close());

  const pieces = async (documentId: string) =>
    (
      (await t.context.database.db.execute(
        sql`select seq, length(bytes)::int as length from rdss.document_blob_chunks
          where document_id = ${documentId} order by seq`,
      )) as unknown as { rows: { seq: number; length: number }[] }
    ).rows;

  it('keeps an upload of two pieces and a bit as three pieces and answers it byte for byte', async () => {
    const bytes = await pdfOfSize(2 * blobChunkBytes + 1_000_000);
    const id = await uploadPdf(t, ann, bytes);
    const stored = await pieces(id);
    expect(stored.map((p) => p.seq)).toEqual([0, 1, 2]);
    expect(stored.map((p) => p.length)).toEqual([
      blobChunkBytes,
      blobChunkBytes,
      bytes.length - 2 * blobChunkBytes,
    ]);
    const res = await t.app.inject({ url: `/rdss/v1/documents/${id}/file`, headers: ann.headers });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);

    const db = t.context.database.db;
    const target = Buffer.alloc(bytes.length);
    // Each range as it lands, in order (a signature hashes its revision meanwhile).
    const ranges: Uint8Array[] = [];
    expect(await postgresBlobStore.readInto(db, id, target, (r) => ranges.push(r))).toBe(true);
    expect(target.equals(bytes)).toBe(true);
    expect(ranges.every((r) => r.buffer === target.buffer)).toBe(true);
    expect(ranges.map((r) => r.byteOffset)).toEqual(
      ranges.map((_, i) => ranges.slice(0, i).reduce((n, r) => n + r.length, 0)),
    );
    expect(Buffer.concat(ranges).equals(bytes)).toBe(true);
    await expect(postgresBlobStore.readInto(db, id, Buffer.alloc(10))).rejects.toThrow(/long/);
  });

  it('keeps a small file as one piece, and answers nothing for bytes it does not hold', async () => {
    const bytes = await pdfOfSize(1000);
    const id = await uploadPdf(t, ann, bytes);
    expect((await pieces(id)).map((p) => p.length)).toEqual([bytes.length]);
    const db = t.context.database.db;
    expect(Buffer.from((await postgresBlobStore.get(db, id))!).equals(bytes)).toBe(true);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await postgresBlobStore.get(db, missing)).toBeUndefined();
    expect(await postgresBlobStore.readInto(db, missing, Buffer.alloc(1))).toBe(false);
  });

  it('keeps pieces and signed increments as they are: PDF bytes are not compressed again', async () => {
    // Page text without compression: pglz would shrink it well (decision 050 measured what that
    // cost a signature's commit).
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 20; i++) {
      pdf
        .addPage()
        .drawText(`Clause ${i}: the parties agree. `.repeat(8), { x: 20, y: 700, size: 6 });
    }
    const bytes = await pdf.save({ useObjectStreams: false });
    const key = await activatedCredential(t, ann);
    const chain = await createChain(
      t,
      ann,
      { type: 'ORDERED', signers: [{ email: ann.email }] },
      bytes,
    );
    const res = await post(t, ann, '/rdss/v1/signatures/sign', signBody(chain, ann, key));
    expect(res.statusCode).toBe(200);
    const [signed] = res.json<SignResult>();
    const stored = (
      (await t.context.database.db.execute(
        sql`select octet_length(bytes)::int as length, pg_column_size(bytes)::int as size
          from rdss.document_blob_chunks where document_id = ${chain.origDocument?.id}
          union all
          select octet_length(bytes)::int, pg_column_size(bytes)::int
          from rdss.revision_increments where revision_id = ${signed?.signedDocument?.id}`,
      )) as unknown as { rows: { length: number; size: number }[] }
    ).rows;
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(row.size).toBeGreaterThanOrEqual(row.length);
  });

  it("migration 013 moves an existing install's bytes into pieces and drops the old table", async () => {
    const bytes = await pdfOfSize(5000);
    const id = await uploadPdf(t, ann, bytes);
    const { database } = t.context;
    // The install as it was before migration 013 (001's table, one row a document).
    await database.exec(`
      create table rdss.document_blobs (
        document_id uuid primary key references rdss.documents (id) on delete cascade,
        bytes bytea not null
      );
      insert into rdss.document_blobs
        select document_id, string_agg(bytes, ''::bytea order by seq)
        from rdss.document_blob_chunks group by document_id;
      drop table rdss.document_blob_chunks;`);
    await database.exec(
      readFileSync(
        new URL('../src/rdss/migrations/013-document-blob-chunks.sql', import.meta.url),
        'utf8',
      ),
    );
    // Each document is one piece after the move, the three-piece one of the first test too.
    expect((await pieces(id)).map((p) => p.seq)).toEqual([0]);
    const all = await database.db.execute(
      sql`select count(*)::int as n, count(distinct document_id)::int as documents
        from rdss.document_blob_chunks`,
    );
    const counted = (all as unknown as { rows: { n: number; documents: number }[] }).rows[0]!;
    expect(counted.n).toBe(counted.documents);
    expect(counted.documents).toBe(4);
    expect(Buffer.from((await postgresBlobStore.get(database.db, id))!).equals(bytes)).toBe(true);
    const old = await database.db.execute(sql`select to_regclass('rdss.document_blobs') as name`);
    expect((old as unknown as { rows: { name: string | null }[] }).rows[0]?.name).toBeNull();
  });
});
