// Runs one contender once on one file in a fresh process and prints its peak memory as JSON.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, benchKey } from './inputs';
import { makeContenders } from './contenders';

const [name, path] = process.argv.slice(2);
const contenders = await makeContenders(benchKey());
const contender = name ? contenders[name] : undefined;
if (!contender || !path) throw new Error('usage: memory-probe CONTENDER FILE');
// Warm up on a small file first, so module initialisation and JIT are not counted.
await contender(readFileSync(join(BENCH_DIR, '100-pages.pdf'))).catch(() => undefined);
// Linux keeps the process's lifetime peak RSS; writing 5 to clear_refs resets it to the current
// RSS, so start-up and warm-up peaks (and memory given back since) do not count.
const resetPeak = (): boolean => {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
};
const statusKb = (field: string): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync('/proc/self/status', 'utf8'),
  );
  return Number(match?.[1] ?? 0) * 1024;
};
const precise = resetPeak();
const before = precise ? statusKb('VmRSS') : process.memoryUsage().rss;
const bytes = readFileSync(path);
let error: string | undefined;
try {
  await contender(bytes);
} catch (e) {
  error = (e as Error).message;
}
const peak = precise ? statusKb('VmHWM') : process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ peakBytes: Math.max(0, peak - before), error }));
