import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchKey } from './inputs';
import { makeContenders } from './contenders';
import { prepare } from '../src/prepare';
const key = benchKey();
const c = await makeContenders(key);
const bytes = readFileSync('/tmp/signet-pades-bench/10mb.pdf');
const res: Record<string, number[]> = {};
const add = (k: string, v: number) => (res[k] ??= []).push(v);
const opts = { certificateChain: [key.certificate], algorithm: 'RSA_PKCS1' as const };
for (let i = 0; i < 25; i++) {
  let t = performance.now(); await c.limit!(bytes); add('limit', performance.now() - t);
  t = performance.now(); createHash('sha256').update(bytes).digest(); add('hash', performance.now() - t);
  t = performance.now();
  { const out = Buffer.allocUnsafe(bytes.length + 5000); const h = createHash('sha256'); for (let o = 0; o < bytes.length; o += 1 << 20) { const ch = bytes.subarray(o, Math.min(o + (1 << 20), bytes.length)); h.update(ch); out.set(ch, o); } h.digest(); }
  add('fused', performance.now() - t);
  t = performance.now(); { const out = Buffer.allocUnsafe(bytes.length + 5000); out.fill(0); } add('alloc+fill', performance.now() - t);
  t = performance.now(); prepare(bytes, opts); add('prepare', performance.now() - t);
  t = performance.now(); await c.signet!(bytes); add('signet', performance.now() - t);
}
for (const [k, v] of Object.entries(res)) { v.sort((a, b) => a - b); console.log(k.padEnd(12), 'median', v[12]!.toFixed(2), 'min', v[0]!.toFixed(2)); }
