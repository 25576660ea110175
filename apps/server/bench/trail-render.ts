/**
 * Signing trail rendering (issue 29, decision 045): the time of `renderSigningTrail` alone, on
 * this thread as on a PDF thread, for trails of 2, 5 and 50 events, every run a different trail
 * (`sampleTrail`, what a signing thread renders as a server starts), after warm-ups.
 * The target is a typical trail (2–5 events) ≤ 6 ms at rest. Each value is the wall time's p50
 * with p10–p90 and the CPU time's p50 beside it (the machine may be shared). A printed table,
 * not a test.
 *
 *   npm run bench:trail -w apps/server
 */
import { loadavg } from 'node:os';
import { renderSigningTrail } from '#rdss/trail-layout/signing-trail-render';
import { sampleTrail as trail } from '#rdss/trail-layout/trail-warm-up';

const runs = Number(process.env.BENCH_TRAIL_RUNS ?? 200);
const warmUp = 30;

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)] ?? NaN;
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function measure(events: number): Promise<string> {
  for (let run = 0; run < warmUp; run += 1) await renderSigningTrail(trail(run, events));
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = warmUp; run < warmUp + runs; run += 1) {
    const input = trail(run, events);
    const [start, startCpu] = [performance.now(), process.cpuUsage()];
    await renderSigningTrail(input);
    const used = process.cpuUsage(startCpu);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  const typical = events <= 5;
  const p50 = quantile(wall, 0.5);
  return `| ${events} events, p50 of ${runs} | ${ms(p50)} (${ms(quantile(wall, 0.1))}–${ms(quantile(wall, 0.9))}) | ${ms(quantile(cpu, 0.5))} | ${typical ? '≤ 6 ms at rest' : ''} | ${typical ? (p50 <= 6 ? 'met' : 'not met') : ''} |`;
}

const rows: string[] = [];
for (const events of [2, 5, 50]) rows.push(await measure(events));
console.log(`Signing trail rendering, load average ${loadavg()[0]?.toFixed(2)} (1 min)`);
console.log(
  ['| trail | wall p50 (p10–p90) | CPU p50 | target | |', '|---|---|---|---|---|', ...rows].join(
    '\n',
  ),
);
