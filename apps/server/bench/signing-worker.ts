/**
 * The second process of bench/signing.ts: sends every sign request at the same moment and answers
 * how many succeeded, the wall time from the first send to the last answer, and the latencies.
 */
export interface SignJob {
  url: string;
  requests: { headers: Record<string, string>; body: string }[];
}

export interface SignJobResult {
  ok: number;
  failures: string[];
  wallMs: number;
  p50: number;
  max: number;
}

process.once('message', async (job: SignJob) => {
  const started = performance.now();
  const outcomes = await Promise.all(
    job.requests.map(async ({ headers, body }) => {
      const sent = performance.now();
      const res = await fetch(job.url, { method: 'POST', headers, body });
      const text = await res.text();
      return { status: res.status, text, ms: performance.now() - sent };
    }),
  );
  const wallMs = performance.now() - started;
  const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const result: SignJobResult = {
    ok: outcomes.filter((o) => o.status === 200).length,
    failures: outcomes.filter((o) => o.status !== 200).map((o) => `${o.status} ${o.text}`),
    wallMs,
    p50: latencies[Math.floor(latencies.length / 2)] ?? Number.NaN,
    max: latencies[latencies.length - 1] ?? Number.NaN,
  };
  process.send?.(result);
});
