import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '@signet/contracts/documents';
import { fileBlobStore } from '#rdss/documents/file-blob-store';
import { multipartBody } from './multipart';
import { bootstrap, person, rsspTestEnv, type Person } from './rssp-fixture';
import { createTestApp, type TestApp } from './test-app';

describe('document bytes as files beside the embedded database', () => {
  let dataDir: string;
  let t: TestApp;
  let ann: Person;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-files-'));
    t = await createTestApp({ env: rsspTestEnv, dataDir });
    await bootstrap(t);
    ann = await person(t, 'ann@example.com');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const documentsDir = () => join(dataDir, 'documents');
  const upload = async (bytes: Uint8Array) =>
    t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents?fileName=a.pdf',
      headers: { ...ann.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(bytes),
    });

  it('keeps an upload as an owner-only file and gives the same bytes back', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const bytes = await pdf.save();
    const res = await upload(bytes);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<DocumentView>();
    expect(readdirSync(documentsDir())).toEqual([`${id}.pdf`]);
    expect(statSync(join(documentsDir(), `${id}.pdf`)).mode & 0o777).toBe(0o600);
    expect(statSync(documentsDir()).mode & 0o777).toBe(0o700);
    const file = await t.app.inject({ url: `/rdss/v1/documents/${id}/file`, headers: ann.headers });
    expect(Buffer.compare(file.rawPayload, Buffer.from(bytes))).toBe(0);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/documents/${id}`,
      headers: ann.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(readdirSync(documentsDir())).toEqual([]);
  });

  it('leaves no file behind when an upload is refused', async () => {
    const res = await upload(new TextEncoder().encode('%PDF-1.7 not really'));
    expect(res.statusCode).toBe(400);
    expect(readdirSync(documentsDir())).toEqual([]);
  });

  it('leaves no file behind when a received PDF is refused for its query', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const res = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents',
      headers: { ...ann.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(await pdf.save()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    // The file written while the body arrived goes once the answer is sent.
    await expect.poll(() => readdirSync(documentsDir())).toEqual([]);
  });

  it('leaves no file behind when one file of a batch is refused', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const body = await multipartBody({ batchName: 'mixed' }, [
      { field: 'files', name: 'good.pdf', bytes: await pdf.save() },
      { field: 'files', name: 'bad.pdf', bytes: new TextEncoder().encode('%PDF-1.7 not really') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...ann.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(readdirSync(documentsDir())).toEqual([]);
  });

  it('takes a body that arrives over HTTP in many chunks, with or without its length', async () => {
    // A page showing a 4.3 MB image stored unfiltered: the body takes many reads into a pooled
    // shared buffer, whose SHA-256 the hashing thread computes (with its length).
    const pdf = await PDFDocument.create();
    const side = 1200;
    const image = pdf.context.register(
      pdf.context.stream(randomBytes(side * side * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    pdf.addPage().node.setXObject(pdf.context.obj('Im1') as never, image);
    const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
    expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024);
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const send = (withLength: boolean) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          new URL('/rdss/v1/documents?fileName=chunked.pdf', address),
          {
            method: 'POST',
            headers: {
              ...ann.headers,
              'content-type': 'application/pdf',
              ...(withLength ? { 'content-length': String(bytes.length) } : {}),
            },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (part: string) => (body += part));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        for (let at = 0; at < bytes.length; at += 16_384)
          req.write(bytes.subarray(at, at + 16_384));
        req.end();
      });
    for (const withLength of [true, false]) {
      const res = await send(withLength);
      expect(res.status, res.body).toBe(201);
      const document = JSON.parse(res.body) as DocumentView;
      expect(document.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(document.fileSize).toBe(bytes.length);
      const file = await t.app.inject({
        url: `/rdss/v1/documents/${document.id}/file`,
        headers: ann.headers,
      });
      expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    }
  });

  it('reads a large file into place in steps, handing each range over as it lands', async () => {
    const store = fileBlobStore(join(dataDir, 'ranges'));
    const db = t.context.database.db;
    for (const size of [9 * 1024 * 1024 + 7, 1000]) {
      const id = randomUUID();
      const bytes = randomBytes(size);
      await store.put(db, id, bytes);
      const target = Buffer.alloc(size);
      const ranges: Uint8Array[] = [];
      expect(await store.readInto(db, id, target, (range) => ranges.push(range))).toBe(true);
      expect(target.equals(bytes)).toBe(true);
      // In order, each a view of the target: a hash of them is the file's.
      expect(ranges.every((r) => r.buffer === target.buffer)).toBe(true);
      expect(Buffer.concat(ranges).equals(bytes)).toBe(true);
      expect(ranges.length).toBe(size > 1024 * 1024 ? 3 : 1);
    }
  });

  it('builds paths only from document ids', async () => {
    const store = fileBlobStore(join(dataDir, 'other'));
    await expect(store.get(t.context.database.db, '../../etc/passwd')).rejects.toThrow(
      /Not a document id/,
    );
  });
});
