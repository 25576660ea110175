// Runs one contender once on one file in a fresh process and prints its peak memory as JSON.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, benchKey } from './inputs';
import { makeContenders } from './contenders';

const [name, path] = process.argv.slice(2);
const contenders = await makeContenders(benchKey());
const contender = name ? contenders[name] : undefined;
if (!contender || !path) throw new Error('usage: memory-probe CONTENDER FILE');
// Warm up on a small file first, so module initialisation and JIT are not counted.
await contender(readFileSync(join(BENCH_DIR, '100-pages.pdf'))).catch(() => undefined);
const before = process.memoryUsage().rss;
const bytes = readFileSync(path);
let error: string | undefined;
try {
  await contender(bytes);
} catch (e) {
  error = (e as Error).message;
}
const peak = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ peakBytes: Math.max(0, peak - before), error }));
