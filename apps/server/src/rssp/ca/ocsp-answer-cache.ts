import { createHash } from 'node:crypto';
import type { OcspSingleAnswer } from '@signet/der';

/** How long a signed answer without a nonce is given again, and how many are kept. */
export const ocspAnswerTtlMs = 60_000;
const maxAnswers = 1_000;

/**
 * Signed OCSP answers to requests without a nonce, given again for a minute so that relying
 * parties asking the same do not each cost a signature by the CA key. Keyed by what the answer
 * says (each CertID with its status as recorded now), so a revocation is answered at once: a
 * changed status is another key. A request with a nonce is always answered afresh.
 */
export function createOcspAnswerCache(now: () => number = Date.now) {
  const answers = new Map<string, { der: Buffer; until: number }>();
  const keyOf = (caKeyHash: string, said: OcspSingleAnswer[]) => {
    const hash = createHash('sha256').update(caKeyHash);
    for (const answer of said) {
      const status = answer.certStatus;
      hash.update(Buffer.from(answer.certId));
      hash.update(
        status.status === 'revoked'
          ? `|revoked|${status.revokedAt.toISOString()}|${status.reason ?? ''}|`
          : `|${status.status}|`,
      );
    }
    return hash.digest('base64');
  };
  return {
    /** The answer kept for these statuses, if it is recent. */
    find(caKeyHash: string, said: OcspSingleAnswer[]): Buffer | undefined {
      const key = keyOf(caKeyHash, said);
      const kept = answers.get(key);
      if (kept && kept.until > now()) return kept.der;
      answers.delete(key);
      return undefined;
    },
    keep(caKeyHash: string, said: OcspSingleAnswer[], der: Buffer): void {
      // A Map iterates in insertion order: the oldest go first.
      for (const [key, kept] of answers) {
        if (answers.size < maxAnswers && kept.until > now()) break;
        answers.delete(key);
      }
      answers.set(keyOf(caKeyHash, said), { der, until: now() + ocspAnswerTtlMs });
    },
  };
}
export type OcspAnswerCache = ReturnType<typeof createOcspAnswerCache>;
