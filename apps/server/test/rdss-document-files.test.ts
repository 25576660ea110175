import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '@signet/contracts/documents';
import { fileBlobStore } from '#rdss/file-blob-store';
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

  it('builds paths only from document ids', async () => {
    const store = fileBlobStore(join(dataDir, 'other'));
    await expect(store.get(t.context.database.db, '../../etc/passwd')).rejects.toThrow(
      /Not a document id/,
    );
  });
});
