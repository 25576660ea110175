/**
 * The measured process of bench/pdf-limits.ts: the whole app with its default limits in this
 * process (so its memory is the server's), with the embedded database as installed, listening
 * for the parent's requests. Answers where to send them, then its memory's peak over the idle
 * baseline when asked.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { bootstrap, person, rsspTestEnv } from '#test/rssp-fixture';
import { createTestApp } from '#test/test-app';
import { manualPdf } from './manual-pdf';

/** What the parent asks: the peak since the last ask (then reset), or to finish. */
export type PdfLimitsCommand = 'peak' | 'finish';

export type PdfLimitsAnswer =
  | { url: string; ann: Record<string, string>; bob: Record<string, string> }
  | { peakGrowthMb: number; longestStallMs: number };

/** VmRSS and VmHWM of this process in KB; writing 5 to clear_refs resets the high-water mark. */
function memory(): { rss: number; hwm: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

const answer = (message: PdfLimitsAnswer) =>
  new Promise<void>((resolve) => process.send?.(message, () => resolve()));

const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-pdf-'));
const t = await createTestApp({ env: rsspTestEnv, dataDir });
await bootstrap(t);
const ann = await person(t, 'ann@bench.test');
const bob = await person(t, 'bob@bench.test');
const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
// A server that has answered before: an upload and a thumbnail, so the PDF and render threads run.
const warmUp = await t.app.inject({
  method: 'POST',
  url: '/rdss/v1/documents?fileName=manual.pdf',
  headers: { ...bob.headers, 'content-type': 'application/pdf' },
  payload: Buffer.from(await manualPdf()),
});
if (warmUp.statusCode !== 201) throw new Error(`warm-up upload: ${warmUp.statusCode}`);
const id = warmUp.json<{ id: string }>().id;
await t.app.inject({ url: `/rdss/v1/documents/${id}/thumbnail`, headers: bob.headers });
global.gc?.();
await sleep(500);
const baseline = memory().rss;
writeFileSync('/proc/self/clear_refs', '5');
// The server's event loop: its longest stall since the last ask.
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
await answer({ url, ann: ann.headers, bob: bob.headers });

process.on('message', (command: PdfLimitsCommand) => {
  if (command === 'peak') {
    const growth = (memory().hwm - baseline) / 1024;
    writeFileSync('/proc/self/clear_refs', '5');
    const longestStallMs = delay.max / 1e6;
    delay.reset();
    void answer({ peakGrowthMb: growth, longestStallMs });
    return;
  }
  // The flood's renders are still queued: the process ends without waiting for them.
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
