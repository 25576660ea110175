import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain, ChainPage } from '@signet/contracts/chains';
import type { BatchView } from '@signet/contracts/documents';
import { multipartBody } from './multipart';
import { createRsspTestApp, fastKdfEnv, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

/**
 * The admin list's capped count (decision 018): a file-name, creator or member filter counts its
 * matches up to 1,000 and answers "more than" past it; the names it searches are the chain's
 * document's or batch's.
 */
describe("rDSS admin list: the narrowing filters' capped total", () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  /** Bob's chains made in bulk, `bulk-seed-<i>.pdf`, all DONE. */
  const seeded = 1001;

  const page = async (query: string) => {
    const res = await t.app.inject({
      url: `/rdss/v1/signatureChains?${query}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ChainPage>();
  };
  const real = async (where: string) => {
    const result = await t.context.database.db.execute(
      sql.raw(`select count(*)::int as n from rdss.chains c
        join rdss.documents d on d.id = c.orig_document_id where ${where}`),
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp(fastKdfEnv));
    // A thousand chains through the API would take minutes; the rows are what the list reads
    // (the counts and names are set by the database's own triggers, as for any writer).
    const db = t.context.database.db;
    await db.execute(sql`
      create temporary table seeded as
      select i, gen_random_uuid() as chain_id, gen_random_uuid() as document_id
      from generate_series(0, ${seeded - 1}::int) as i`);
    await db.execute(sql`
      insert into rdss.documents (id, owner_id, file_name, file_size, sha256, security)
      select document_id, ${bob.id}::uuid, 'bulk-seed-' || i || '.pdf', 1000, 'x', 'NONE'
      from seeded`);
    await db.execute(sql`
      insert into rdss.chains (id, status, type, created_by, orig_document_id,
        signing_trail_mode, created_at, updated_at, signed_at)
      select chain_id, 'DONE', 'ORDERED', ${bob.id}::uuid, document_id, 'NONE',
        now() - i * interval '1 second', now() - i * interval '1 second', now()
      from seeded`);
    await db.execute(sql`
      insert into rdss.chain_entries (id, chain_id, position, user_id, email, status, approver,
        clerk_mode, signed_at)
      select gen_random_uuid(), chain_id, 0, ${ann.id}::uuid, ${ann.email}, 'DONE', false,
        false, now()
      from seeded`);
  });
  afterAll(() => t.close());

  it('answers 1,000 and "more than" past the cap, the exact count up to it, for each narrowing filter', async () => {
    for (const filter of ['fileName=BULK-seed', `createdBy=${bob.id}`, `memberId=${ann.id}`]) {
      const first = await page(`${filter}&page-size=10`);
      expect(first.content, filter).toHaveLength(10);
      expect(first, filter).toMatchObject({ total: 1000, totalIsLowerBound: true });
      // The total alone (page size 0) says the same.
      expect(await page(`${filter}&page-size=0`), filter).toMatchObject({
        content: [],
        total: 1000,
        totalIsLowerBound: true,
      });
      // The last page before the cap still has more after it.
      expect(await page(`${filter}&page-size=10&page-num=100`), filter).toMatchObject({
        total: 1000,
        totalIsLowerBound: true,
      });
      // Past the cap a page counts to its own end: the last one knows the exact total.
      const last = await page(`${filter}&page-size=10&page-num=101`);
      expect(last.content, filter).toHaveLength(1);
      expect(last.total, filter).toBe(seeded);
      expect(last.totalIsLowerBound, filter).toBeUndefined();
    }

    // One to the recycle bin: exactly 1,000 left, counted and no longer "more than".
    const [oldest] = (await page('fileName=bulk-seed-1000.pdf')).content;
    const binned = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/signatureChains/soft/${oldest!.id}`,
      headers: admin.headers,
    });
    expect(binned.statusCode).toBe(204);
    for (const filter of ['fileName=bulk-seed', `createdBy=${bob.id}`, `memberId=${ann.id}`]) {
      for (const size of [0, 10, 50]) {
        const exact = await page(`${filter}&page-size=${size}`);
        expect(exact.total, `${filter}, page size ${size}`).toBe(1000);
        expect(exact.totalIsLowerBound, `${filter}, page size ${size}`).toBeUndefined();
      }
    }
    expect(await page('recycleBin=true&fileName=bulk-seed')).toMatchObject({ total: 1 });

    // A narrower term counts exactly; so do the kept totals, which are never capped.
    expect((await page('fileName=bulk-seed-10')).total).toBe(
      await real(`c.deleted_at is null and d.file_name like '%bulk-seed-10%'`),
    );
    const done = await page('status=DONE');
    expect(done.total).toBe(await real(`c.deleted_at is null and c.status = 'DONE'`));
    expect(done.totalIsLowerBound).toBeUndefined();
  });

  it('answers each call of a page statement built once with its own caller, page and filter values', async () => {
    // The statements are built once per shape (filter, search, order) and run with each call's
    // values (decision 018, "queries built once"): one caller's values never stay in them.
    const own = async (who: Person, query: string) => {
      const res = await t.app.inject({
        url: `/rdss/v1/signatureChains/self?${query}`,
        headers: who.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ChainPage>();
    };
    const ids = (p: ChainPage) => p.content.map((c) => c.id);
    expect((await own(admin, 'page-size=10')).total).toBe(0);
    const annFirst = await own(ann, 'page-size=10');
    expect(annFirst.total).toBe(
      await real(`exists (select 1 from rdss.chain_entries e
      where e.chain_id = c.id and e.user_id = '${ann.id}') and c.deleted_at is null`),
    );
    expect((await own(admin, 'page-size=10')).content).toEqual([]);
    const annSecond = await own(ann, 'page-size=10&page-num=2');
    const annLonger = await own(ann, 'page-size=25');
    expect(ids(annLonger).slice(0, 20)).toEqual([...ids(annFirst), ...ids(annSecond)]);
    // A named statement's plan cache may settle on one generic plan after five runs on a
    // connection (decision 018, "named where one plan fits"): each later run still answers
    // its own caller.
    for (let run = 0; run < 8; run++) {
      const [who, total] = run % 2 === 0 ? [admin, 0] : [ann, annFirst.total];
      expect((await own(who, 'page-size=10')).total).toBe(total);
    }

    const byCreator = async (who: Person) => (await page(`createdBy=${who.id}&page-size=0`)).total;
    expect(await byCreator(ann)).toBe(await real(`c.created_by = '${ann.id}'`));
    expect(await byCreator(admin)).toBe(0);
    const names = async (term: string) =>
      (await page(`fileName=${term}&page-size=25`)).content.map((c) => c.origDocument?.fileName);
    expect(await names('bulk-seed-999.')).toEqual(['bulk-seed-999.pdf']);
    expect((await names('bulk-seed-99')).sort()).toEqual(
      ['', ...Array.from({ length: 10 }, (_, i) => String(i))]
        .map((n) => `bulk-seed-99${n}.pdf`)
        .sort(),
    );
  });

  it("finds chains by their document's name and by their batch's name, in any case", async () => {
    const blank = async () => {
      const document = await PDFDocument.create();
      document.addPage();
      return document.save();
    };
    const upload = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents?fileName=Lease%20Agreement.pdf',
      headers: { ...ann.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(await blank()),
    });
    expect(upload.statusCode).toBe(201);
    const single = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/signatureChains',
      headers: ann.headers,
      payload: {
        type: 'ORDERED',
        origDocId: upload.json<{ id: string }>().id,
        signers: [{ email: bob.email }],
      },
    });
    expect(single.statusCode, single.body).toBe(201);

    const body = await multipartBody({ batchName: 'Quarterly Reports' }, [
      { field: 'files', name: 'q1.pdf', bytes: await blank() },
      { field: 'files', name: 'q2.pdf', bytes: await blank() },
    ]);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...ann.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/signatureChains/multi',
      headers: ann.headers,
      payload: {
        type: 'ORDERED',
        batchId: batch.json<BatchView>().id,
        bulk: true,
        signers: [{ email: bob.email }],
      },
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const [overBatch] = bulk.json<{ chains: Chain[] }>().chains;

    const ids = async (term: string) =>
      (await page(`fileName=${encodeURIComponent(term)}`)).content.map((c) => c.id);
    expect(await ids('lease agr')).toEqual([single.json<Chain>().id]);
    expect(await ids('QUARTERLY rep')).toEqual([overBatch!.id]);
    // A batch chain is named by its batch, not by its files.
    expect(await ids('q1.pdf')).toEqual([]);
    expect(await ids('nothing like it')).toEqual([]);
  });
});
