import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import type { SigningTrailInput } from './signing-trail-render';

/**
 * A made-up trail of `events` events, different on every `run` (names, times, ids, and English
 * or Hungarian by turns, so no text is laid out twice by chance): what a signing thread renders
 * as the server starts to compile its code (decision 050), and what `bench:trail` measures.
 */
export function sampleTrail(run: number, events = 3): SigningTrailInput {
  const at = (k: number) => new Date(Date.UTC(2026, 10, 27, 8, k % 60, run % 60)).toISOString();
  const signer = (k: number) => ({ name: `Őry Tünde ${run}-${k}`, email: `tunde${k}@example.hu` });
  const history: ChainHistoryEvent[] = Array.from({ length: events }, (_, k) => ({
    kind: k === 0 ? 'CREATED' : k % 2 === 1 ? 'OPENED' : 'SIGNED',
    at: at(k),
    entryId: null,
    actorId: null,
    detail:
      k % 2 === 0 && k > 0
        ? {
            ...signer(k),
            certificateSubject: `CN=Őry Tünde ${run}, O=Példa Kft., C=HU`,
            certificateSerial: (run * 7919 + k).toString(16),
            certificateIssuer: 'CN=Signet Qualified CA, O=Signet, C=HU',
            page: 1 + (k % 3),
            clientAddress: `203.0.113.${k % 250}`,
          }
        : signer(k),
  }));
  return {
    documentName: `Szerződés ${run}.pdf`,
    uploadSha256: (run * 2654435761).toString(16).padStart(64, '0'),
    chainId: `0b7f4a52-6a3e-4d1e-9a51-${run.toString(16).padStart(12, '0')}`,
    chainType: 'ORDERED',
    creator: { name: `Kovács Ödön ${run}`, email: 'odon@example.hu' },
    events: history,
    language: run % 2 === 0 ? 'hu' : 'en',
    generatedAt: new Date(Date.UTC(2026, 10, 27, 9, 0, run % 60)),
  };
}
