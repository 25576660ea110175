import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '@signet/contracts/documents';
import { placeholderThumbnail } from '#rdss/thumbnails/thumbnail';
import { rectanglesPdf } from './heavy-pdfs';
import { createRsspTestApp, fastKdfEnv, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

async function squarePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf
    .addPage([595, 842])
    .drawRectangle({ x: 50, y: 500, width: 200, height: 200, color: rgb(0, 0, 0) });
  return Buffer.from(await pdf.save());
}

/** A request's answer, and whether it has come yet. */
function watched(request: Promise<LightMyRequestResponse>) {
  const state = { settled: false, answer: request };
  void request.finally(() => {
    state.settled = true;
  });
  return state;
}

describe('Thumbnails are fair (issue 25 §4)', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  // A page of three million squares: pdf.js draws it for minutes.
  const heavy = rectanglesPdf(3_000_000);
  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      THUMBNAIL_TIMEOUT_SECONDS: '3',
      THUMBNAIL_QUEUE_PER_USER: '3',
      THUMBNAIL_QUEUE_SIZE: '5',
    }));
  });
  afterAll(() => t.close());

  const upload = async (who: Person, bytes: Buffer) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents?fileName=page.pdf',
      headers: { ...who.headers, 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(res.statusCode).toBe(201);
    return res.json<DocumentView>().id;
  };
  const thumbnail = (who: Person, id: string) =>
    t.app.inject({ url: `/rdss/v1/documents/${id}/thumbnail`, headers: who.headers });
  const failures = async () => {
    const result = await t.context.database.db.execute(
      sql`select count(*)::int as n from rdss.thumbnail_failures`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it("answers another user's thumbnail while one floods heavy pages, caps each user, and answers a failed render's placeholder at once", async () => {
    const flood = [];
    for (let i = 0; i < 4; i++) flood.push(await upload(ann, heavy));
    const ordinary = await upload(bob, await squarePdf());
    const placeholder = await placeholderThumbnail();

    // Ann asks for three heavy pages; Bob for his ordinary one after them.
    const heavyAnswers = flood.slice(0, 3).map((id) => watched(thumbnail(ann, id)));
    const start = performance.now();
    const bobs = await thumbnail(bob, ordinary);
    const bobWaitedMs = performance.now() - start;
    expect(bobs.statusCode).toBe(200);
    expect(bobs.headers['content-type']).toBe('image/png');
    expect(bobs.rawPayload.equals(placeholder)).toBe(false);
    // Bob's page came while every one of Ann's was still rendering or waiting (3 s each at most).
    expect(heavyAnswers.map((a) => a.settled)).toEqual([false, false, false]);
    expect(bobWaitedMs).toBeLessThan(3000);

    // A fourth page of Ann's is over her cap of three: 429 with Retry-After.
    const overCap = await thumbnail(ann, flood[3]!);
    expect(overCap.statusCode).toBe(429);
    expect(overCap.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(overCap.headers['retry-after'])).toBeGreaterThan(0);

    // Each heavy page passes the time limit: a placeholder, and the failure is remembered.
    for (const answer of heavyAnswers) {
      const res = await answer.answer;
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(placeholder)).toBe(true);
    }
    expect(await failures()).toBe(3);
    // From then on the placeholder comes at once, without rendering again (far below the limit).
    const again = performance.now();
    const repeated = await Promise.all(flood.slice(0, 3).map((id) => thumbnail(ann, id)));
    expect(performance.now() - again).toBeLessThan(1000);
    for (const res of repeated) expect(res.rawPayload.equals(placeholder)).toBe(true);
    expect(await failures()).toBe(3);
  });

  it('answers 503 THUMBNAIL_QUEUE_FULL with Retry-After when every place of the queue is taken', async () => {
    // Six heavy pages asked for at once (none over its user's cap) for five places: whichever
    // comes last finds none. Each render takes its whole time limit, so no place frees meanwhile.
    const asks: [Person, string][] = [];
    for (let i = 0; i < 3; i++) asks.push([ann, await upload(ann, heavy)]);
    for (let i = 0; i < 2; i++) asks.push([admin, await upload(admin, heavy)]);
    asks.push([bob, await upload(bob, heavy)]);
    const answers = await Promise.all(asks.map(([who, id]) => thumbnail(who, id)));
    const full = answers.filter((res) => res.statusCode === 503);
    expect(full).toHaveLength(1);
    expect(full[0]!.json()).toMatchObject({ code: 'THUMBNAIL_QUEUE_FULL' });
    expect(Number(full[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const placeholder = await placeholderThumbnail();
    for (const res of answers.filter((r) => r.statusCode !== 503)) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(placeholder)).toBe(true);
    }
    // With the queue free again, an ordinary page renders.
    const later = await thumbnail(bob, await upload(bob, await squarePdf()));
    expect(later.statusCode).toBe(200);
    expect(later.rawPayload.equals(placeholder)).toBe(false);
  });
});
