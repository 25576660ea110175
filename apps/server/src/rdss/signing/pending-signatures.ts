import type { Job } from './sign-job';

/**
 * Chains prepared for an imported credential's signature (external-sign.ts), between the
 * returnHashes call and the call with the provider's SAD. Kept in this process's memory only:
 * bound to the user, the credential ref, the chain and the hash, taken once, gone after
 * `ttlMs`; at most `maxPerUser` per user, `maxTotal` in all and `maxBytes` of prepared PDFs (the
 * oldest go first). A second
 * instance behind a balancer without affinity answers "sign again" (decision 035).
 */
interface Entry {
  key: string;
  userId: string;
  job: Job;
  expiresAt: number;
}

export function createPendingSignatures(
  options: { ttlMs?: number; maxPerUser?: number; maxTotal?: number; maxBytes?: number } = {},
) {
  const maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const maxPerUser = options.maxPerUser ?? 50;
  const maxTotal = options.maxTotal ?? 500;
  const entries = new Map<string, Entry>();
  const keyOf = (k: { userId: string; refId: string; chainId: string; docHash: string }) =>
    `${k.userId}|${k.refId}|${k.chainId}|${k.docHash}`;

  function sweep(now: number): void {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }

  return {
    keep(input: { userId: string; refId: string; chainId: string; docHash: string; job: Job }) {
      const now = Date.now();
      sweep(now);
      // One pending signature per user and chain: a new returnHashes replaces the last.
      for (const [key, entry] of entries) {
        if (entry.userId === input.userId && entry.job.chainId === input.chainId) {
          entries.delete(key);
        }
      }
      const own = [...entries.values()].filter((e) => e.userId === input.userId);
      if (own.length >= maxPerUser && own[0]) entries.delete(own[0].key);
      const size = input.job.prepared.pdf.length;
      let bytes = size;
      for (const entry of entries.values()) bytes += entry.job.prepared.pdf.length;
      for (const [key, entry] of entries) {
        if (entries.size < maxTotal && bytes <= maxBytes) break;
        bytes -= entry.job.prepared.pdf.length;
        entries.delete(key);
      }
      const key = keyOf(input);
      entries.set(key, { key, userId: input.userId, job: input.job, expiresAt: now + ttlMs });
    },
    take(input: { userId: string; refId: string; chainId: string; docHash: string }) {
      sweep(Date.now());
      const key = keyOf(input);
      const entry = entries.get(key);
      entries.delete(key);
      return entry?.job;
    },
  };
}
