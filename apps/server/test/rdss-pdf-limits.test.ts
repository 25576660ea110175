import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '@signet/contracts/documents';
import { inflateBombPdf } from './heavy-pdfs';
import { bootstrap, fastKdfEnv, person, rsspTestEnv, type Person } from './rssp-fixture';
import { createTestApp, type TestApp } from './test-app';

async function contract(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(`Contract, page ${i + 1}`, { x: 50, y: 780, size: 18, font });
  // Object streams, as most writers make them: their inflating counts against the budget too.
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

const MiB = 1024 * 1024;

describe('A PDF cannot stall or exhaust the server (issue 25 §3)', () => {
  let t: TestApp;
  let dataDir: string;
  let ann: Person;
  let bob: Person;
  beforeAll(async () => {
    // The embedded database with document files, so that "nothing stored" covers the files too.
    dataDir = mkdtempSync(join(tmpdir(), 'signet-pdf-limits-'));
    t = await createTestApp({ env: { ...rsspTestEnv, ...fastKdfEnv }, dataDir });
    await bootstrap(t);
    ann = await person(t, 'ann@example.com');
    bob = await person(t, 'bob@example.com');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (who: Person, bytes: Buffer, fileName: string) =>
    t.app.inject({
      method: 'POST',
      url: `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
      headers: { ...who.headers, 'content-type': 'application/pdf' },
      payload: bytes,
    });
  const documentsOf = async (who: Person) => {
    const result = await t.context.database.db.execute(
      sql`select count(*)::int as n from rdss.documents where owner_id = ${who.id}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('refuses a deflate bomb as too complex while ordinary uploads succeed, ping answers and memory stays bounded', async () => {
    // 16 object streams of 120 MiB each in a 2 MB file: 1.9 GiB and ~10 s of inflating unchecked.
    const bomb = inflateBombPdf(16, 120 * MiB);
    expect(bomb.length).toBeLessThan(2.5 * MiB);
    const ordinary = await Promise.all([contract(1), contract(3), contract(2)]);
    // The PDF threads started, so their start is not counted as the bomb's memory.
    expect((await upload(bob, ordinary[0]!, 'warm-up.pdf')).statusCode).toBe(201);

    const before = process.memoryUsage().rss;
    let peak = before;
    let slowestPingMs = 0;
    let pings = 0;
    let uploading = true;
    // Another client pings the server, one request after another, for as long as the uploads run.
    const pinging = (async () => {
      while (uploading) {
        const start = performance.now();
        const ping = await t.app.inject({ url: '/api/v1/server/ping' });
        expect(ping.statusCode).toBe(200);
        slowestPingMs = Math.max(slowestPingMs, performance.now() - start);
        peak = Math.max(peak, process.memoryUsage().rss);
        pings++;
        await setImmediate();
      }
    })();
    const [refused, ...stored] = await Promise.all([
      upload(ann, bomb, 'bomb.pdf'),
      ...ordinary.map((pdf, i) => upload(bob, pdf, `contract-${i}.pdf`)),
    ]);
    uploading = false;
    await pinging;

    expect(refused!.statusCode).toBe(400);
    expect(refused!.json()).toMatchObject({
      code: 'DOCUMENT_PARSING_ERROR',
      message: 'The PDF file is too complex to process',
    });
    for (const res of stored) {
      expect(res.statusCode).toBe(201);
      expect(res.json<DocumentView>().security).toBe('NONE');
    }
    // Nothing of the bomb is stored: no row, no file.
    expect(await documentsOf(ann)).toBe(0);
    expect(await documentsOf(bob)).toBe(4);
    expect(readdirSync(join(dataDir, 'documents'))).toHaveLength(4);
    // The server's thread kept answering (the bench measures the latency; the target is 100 ms),
    // and the memory stayed far below the bomb's 1.9 GiB.
    expect(pings).toBeGreaterThan(10);
    expect(slowestPingMs).toBeLessThan(1000);
    expect(peak - before).toBeLessThan(512 * MiB);
  });
});
