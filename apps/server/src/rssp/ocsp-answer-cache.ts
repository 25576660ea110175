/**
 * The embedded CA's GOOD answers for the validation data of signatures, kept a short while per
 * certificate (decision 038): every signature asks about its signer's certificate and the TSA's,
 * and a P-384 signature per answer was most of what B-LT added to a signature.
 *
 * Only the signed bytes are kept (a response, public), never the CA key; only GOOD answers; and a
 * kept answer is a candidate, not a status: the caller reads the certificate's record before it
 * gives the answer out again, so a revocation (in this process or another instance) is answered
 * at once.
 */
export interface OcspAnswerCache {
  /** The kept answer for the certificate with this SHA-256 (hex), while it is fresh enough. */
  get(hash: string, now: number): { response: Buffer; serial: string } | undefined;
  set(hash: string, answer: { response: Buffer; serial: string }, now: number): void;
  drop(hash: string): void;
}

export function createOcspAnswerCache(limits: {
  /** How long an answer is given out again after it was made. */
  reuseMs: number;
  maxEntries: number;
}): OcspAnswerCache {
  // Insertion order is age order: the first key is the oldest.
  const entries = new Map<string, { response: Buffer; serial: string; until: number }>();
  return {
    get(hash, now) {
      const entry = entries.get(hash);
      if (!entry) return undefined;
      if (now < entry.until) return entry;
      entries.delete(hash);
      return undefined;
    },
    set(hash, answer, now) {
      entries.delete(hash);
      while (entries.size >= limits.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(hash, { ...answer, until: now + limits.reuseMs });
    },
    drop(hash) {
      entries.delete(hash);
    },
  };
}
