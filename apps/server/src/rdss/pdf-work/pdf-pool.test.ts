import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { isPdfError } from '@signet/pades';
import { inflateBombPdf } from '#test/heavy-pdfs';
import { createPdfPool, type PdfPool, type PdfPoolOptions } from './pdf-pool';
import { sampleTrail } from '../trail-layout/trail-warm-up';

const MiB = 1024 * 1024;

/** A pool as the server makes one (its budget and limits), with `changes`. */
const poolWith = (changes: Partial<PdfPoolOptions> = {}): PdfPool =>
  createPdfPool({
    inflateFactor: 16,
    inflateAllowanceBytes: 64 * MiB,
    timeoutMs: 30_000,
    heapMb: 256,
    ...changes,
  });

async function onePage(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return pdf.save();
}

async function refusal(run: Promise<unknown>): Promise<unknown> {
  try {
    await run;
  } catch (error) {
    return error;
  }
  throw new Error('the job was not refused');
}

describe('createPdfPool', () => {
  let pool: PdfPool;
  afterEach(() => pool.close());

  it("inspects on its threads and hands back the engine's refusals with their codes", async () => {
    pool = poolWith();
    expect(await pool.inspect(await onePage())).toEqual({ security: 'NONE', signed: false });
    const notPdf = await refusal(pool.inspect(new TextEncoder().encode('hello')));
    expect(isPdfError(notPdf, 'NOT_A_PDF')).toBe(true);
    // The file's budget as configured: four streams of 8 MiB pass 16 MiB.
    const streams = inflateBombPdf(4, 8 * MiB);
    const small = poolWith({ inflateFactor: 1, inflateAllowanceBytes: 16 * MiB });
    try {
      expect(isPdfError(await refusal(small.inspect(streams)), 'TOO_COMPLEX')).toBe(true);
    } finally {
      await small.close();
    }
    expect((await pool.inspect(streams)).security).toBe('NONE');
  });

  it('stops a job past its time limit as too complex, and the next job runs', async () => {
    // A budget large enough that only the time limit stops 16 streams of 64 MiB.
    pool = poolWith({
      inflateFactor: 1_000,
      inflateAllowanceBytes: 2048 * MiB,
      timeoutMs: 300,
      threads: 1,
    });
    const slow = inflateBombPdf(16, 64 * MiB);
    const [refused, next] = await Promise.allSettled([
      pool.inspect(slow),
      pool.inspect(await onePage()),
    ]);
    expect(refused.status).toBe('rejected');
    const reason = (refused as PromiseRejectedResult).reason;
    expect(isPdfError(reason, 'TOO_COMPLEX')).toBe(true);
    expect(String(reason)).toMatch(/longer than 300 ms/);
    expect(next).toEqual({ status: 'fulfilled', value: { security: 'NONE', signed: false } });
  });

  it("renders a signer's trail on the signing threads while every other PDF thread is busy", async () => {
    pool = poolWith({ inflateFactor: 1_000, inflateAllowanceBytes: 2048 * MiB, threads: 1 });
    let inspected = false;
    const busy = pool.inspect(inflateBombPdf(16, 64 * MiB)).finally(() => {
      inspected = true;
    });
    const trail = await pool.renderTrail(sampleTrail(1));
    expect(inspected).toBe(false);
    expect(new TextDecoder().decode(trail.subarray(0, 5))).toBe('%PDF-');
    await busy;
  });

  it('warms a signing thread as it starts, and closes while it warms', async () => {
    pool = poolWith({ trailWarmUps: 1_000 });
    // A trail asked meanwhile waits for one sample at most, not for the thousand.
    const trail = await pool.renderTrail(sampleTrail(2, 5));
    expect(trail.length).toBeGreaterThan(1_000);
    // Closing stops the samples left (the test's end waits for it).
    await pool.close();
  });
});
