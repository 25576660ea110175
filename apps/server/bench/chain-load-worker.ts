/**
 * The second process of bench/chains.ts: it sends requests at a steady pace (open loop: one every
 * 1/rate seconds, whether or not earlier ones have answered), so a request's latency is the
 * server's time plus any queue the server itself built, not a burst the load tool made. Answers
 * its latencies by IPC.
 */
import { Agent, request } from 'node:http';

export interface LoadJob {
  url: string;
  /** One request picks a random path and a random caller's headers. */
  paths: string[];
  headers: Record<string, string>[];
  rate: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  p50: number;
  p99: number;
  /** This process's CPU time over the run, in ms (user and system). */
  cpuMs: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function send(job: LoadJob, agent: Agent): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      new URL(pick(job.paths), job.url),
      { agent, headers: pick(job.headers) },
      (res) => {
        res.resume();
        res.once('end', () =>
          resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }),
        );
      },
    );
    req.once('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    req.end();
  });
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

process.once('message', async (job: LoadJob) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const cpu = process.cpuUsage();
  const total = job.rate * job.seconds;
  const interval = 1000 / job.rate;
  const started = performance.now();
  const pending: Promise<{ ms: number; status: number }>[] = [];
  for (let i = 0; i < total; i++) {
    // Wait for this request's moment on the schedule, then send it without waiting for answers.
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(job, agent));
  }
  const results = await Promise.all(pending);
  agent.destroy();
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const answer: LoadResult = {
    requests: results.length,
    errors: results.filter((r) => r.status === 0).length,
    non2xx: results.filter((r) => r.status !== 0 && (r.status < 200 || r.status >= 300)).length,
    p50: Math.round(percentile(times, 0.5) * 10) / 10,
    p99: Math.round(percentile(times, 0.99) * 10) / 10,
    cpuMs: cpuMs(process.cpuUsage(cpu)),
  };
  process.send?.(answer, () => process.exit(0));
});
