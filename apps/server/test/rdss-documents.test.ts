import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '@signet/contracts/documents';
import { lockThumbnail, thumbnailWidth } from '#rdss/thumbnails/thumbnail';
import { createRsspTestApp, fastKdfEnv, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

async function contract(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    doc.addPage([595, 842]).drawText(`Contract, page ${i + 1}`, { x: 50, y: 780, size: 18, font });
  }
  return Buffer.from(await doc.save());
}

/** A small PDF written by hand from object bodies (1 0 obj, 2 0 obj, …), with a right xref. */
function handmadePdf(...objects: string[]): Buffer {
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF whose cross-reference is a Flate stream with these (compressed) bytes. */
function xrefStreamPdf(compressed: Buffer): Buffer {
  const head = Buffer.from('%PDF-1.7\n', 'latin1');
  const dict = `1 0 obj\n<< /Type /XRef /Size 2 /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`;
  const tail = `\nendstream\nendobj\nstartxref\n${head.length}\n%%EOF\n`;
  return Buffer.concat([
    head,
    Buffer.from(dict, 'latin1'),
    compressed,
    Buffer.from(tail, 'latin1'),
  ]);
}

/** The PDF encrypted by qpdf (AES-256) with these passwords. */
function encrypted(pdf: Buffer, dir: string, user: string, owner: string): Buffer {
  const input = join(dir, 'in.pdf');
  const output = join(dir, `out-${user || 'none'}.pdf`);
  writeFileSync(input, pdf);
  execFileSync('qpdf', ['--encrypt', user, owner, '256', '--', input, output]);
  return readFileSync(output);
}

describe('rDSS documents: upload, read, download, delete', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let dir: string;
  beforeAll(async () => {
    ({ t, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      MAX_UPLOAD_DOCUMENT_BYTES: String(1024 * 1024),
    }));
    dir = mkdtempSync(join(tmpdir(), 'signet-documents-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const upload = (who: Person, bytes: Buffer, fileName = 'contract.pdf') =>
    t.app.inject({
      method: 'POST',
      url: `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
      headers: { ...who.headers, 'content-type': 'application/pdf' },
      payload: bytes,
    });
  const stored = async () => {
    const result = await t.context.database.db.execute(
      sql`select (select count(*) from rdss.documents)::int as documents, (select count(distinct document_id) from rdss.document_blob_chunks)::int as blobs`,
    );
    return (result as unknown as { rows: { documents: number; blobs: number }[] }).rows[0];
  };

  it('stores an uploaded PDF with its size and SHA-256, and gives back the same bytes', async () => {
    const pdf = await contract(2);
    const res = await upload(ann, pdf, 'Szerződés 2026.pdf');
    expect(res.statusCode).toBe(201);
    const document = res.json<DocumentView>();
    expect(document).toMatchObject({
      fileName: 'Szerződés 2026.pdf',
      fileSize: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      security: 'NONE',
    });
    const read = await t.app.inject({
      url: `/rdss/v1/documents/${document.id}`,
      headers: ann.headers,
    });
    expect(read.json()).toEqual(document);
    const file = await t.app.inject({
      url: `/rdss/v1/documents/${document.id}/file?mode=ORIGINAL`,
      headers: ann.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Szerződés 2026.pdf')}`,
    );
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('records how an encrypted PDF is protected', async () => {
    const pdf = await contract();
    const user = await upload(ann, encrypted(pdf, dir, 'open-sesame', 'owner-secret'));
    expect(user.json()).toMatchObject({ security: 'ENCRYPTED_WITH_USER_PASSWORD' });
    const owner = await upload(ann, encrypted(pdf, dir, '', 'owner-secret'));
    expect(owner.json()).toMatchObject({ security: 'ENCRYPTED_WITH_OWNER_PASSWORD' });
  });

  it('renders page 1 as a PNG thumbnail once and keeps it; a padlock for a file that needs a password', async () => {
    const document = (await upload(ann, await contract())).json<DocumentView>();
    const thumbnail = () =>
      t.app.inject({ url: `/rdss/v1/documents/${document.id}/thumbnail`, headers: ann.headers });
    const first = await thumbnail();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const image = await loadImage(first.rawPayload);
    expect(image.width).toBe(thumbnailWidth);
    expect(image.height).toBe(Math.ceil((842 / 595) * thumbnailWidth));
    // Not blank: the title's dark text is on it.
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 100) dark += 1;
    expect(dark).toBeGreaterThan(20);
    // Kept: the second answer is the stored one.
    const kept = await t.context.database.db.execute(
      sql`select count(*)::int as n from rdss.document_thumbnails where document_id = ${document.id}`,
    );
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect((await thumbnail()).rawPayload.equals(first.rawPayload)).toBe(true);

    const locked = (
      await upload(ann, encrypted(await contract(), dir, 'open-sesame', 'owner-secret'))
    ).json<DocumentView>();
    const padlock = await t.app.inject({
      url: `/rdss/v1/documents/${locked.id}/thumbnail`,
      headers: ann.headers,
    });
    expect(padlock.rawPayload.equals(await lockThumbnail())).toBe(true);
    expect(
      (
        await t.app.inject({
          url: `/rdss/v1/documents/${document.id}/thumbnail`,
          headers: bob.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses what is not a PDF it can open with DOCUMENT_PARSING_ERROR, and stores nothing', async () => {
    const before = await stored();
    const pdf = await contract();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    for (const [what, bytes] of [
      ['a PNG named .pdf', png],
      ['a PDF cut in half', pdf.subarray(0, Math.floor(pdf.length / 2))],
      ['only a header', Buffer.from('%PDF-1.7\n')],
      ['an empty body', Buffer.alloc(0)],
    ] as const) {
      const res = await upload(ann, bytes);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({
        what,
        status: 400,
        code: 'DOCUMENT_PARSING_ERROR',
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('answers a malformed-PDF corpus with catalogue errors, stays up, and stores nothing', async () => {
    const before = await stored();
    const pdf = await contract();
    const nested = '['.repeat(10_000) + ']'.repeat(10_000);
    // 200 MB of zeros in about 200 KB: a cross-reference stream the engine must inflate to read.
    const bomb = deflateSync(Buffer.alloc(200 * 1024 * 1024));
    const corpus: [string, Buffer][] = [
      ...Array.from({ length: 10 }, (_, i): [string, Buffer] => [
        `truncated at ${i + 1}/11`,
        pdf.subarray(0, Math.floor((pdf.length * (i + 1)) / 11)),
      ]),
      ['10,000 nested arrays', handmadePdf(`<< /Type /Catalog /Pages 2 0 R /Deep ${nested} >>`)],
      [
        'a loop in the page tree',
        handmadePdf(
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [2 0 R] /Count 1 /Parent 2 0 R >>',
        ),
      ],
      ['a deflate bomb', xrefStreamPdf(bomb)],
      [
        'a broken cross-reference table',
        Buffer.from(
          pdf.toString('latin1').replace(/xref[\s\S]*$/, 'xref\n0 garbage\n%%EOF'),
          'latin1',
        ),
      ],
    ];
    for (const [what, bytes] of corpus) {
      const res = await upload(ann, bytes);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({
        what,
        status: 400,
        code: 'DOCUMENT_PARSING_ERROR',
      });
    }
    expect(await stored()).toEqual(before);
    expect((await t.app.inject({ url: '/api/v1/server/ping' })).statusCode).toBe(200);
  });

  it('answers 413 PAYLOAD_TOO_LARGE past MAX_UPLOAD_DOCUMENT_BYTES, and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([await contract(), Buffer.alloc(1100 * 1024, 0x20)]);
    const res = await upload(ann, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await stored()).toEqual(before);
  });

  it('refuses a bad file name and a body that is not application/pdf', async () => {
    const pdf = await contract();
    expect((await upload(ann, pdf, '../../etc/passwd')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents?fileName=a.pdf',
      headers: ann.headers,
      payload: { not: 'a pdf' },
    });
    expect(json.statusCode).toBe(400);
  });

  it("hides another user's document (404 everywhere) and lets only the uploader delete it", async () => {
    const document = (await upload(ann, await contract())).json<DocumentView>();
    for (const [method, url] of [
      ['GET', `/rdss/v1/documents/${document.id}`],
      ['GET', `/rdss/v1/documents/${document.id}/file`],
      ['DELETE', `/rdss/v1/documents/${document.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bob.headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/documents/${document.id}`,
      headers: ann.headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      url: `/rdss/v1/documents/${document.id}`,
      headers: ann.headers,
    });
    expect(gone.statusCode).toBe(404);
  });
});
