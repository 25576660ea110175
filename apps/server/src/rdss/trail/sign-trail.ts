import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import type { AuthUser } from '#infra/auth-types';
import type { Db } from '#infra/database';
import type { ChainContext } from '../chains';
import type { ChainRow } from '../schema';
import { loadSigningTrailInput } from './signing-trail-content';
import type { PdfPool } from '../pdf-work';

/**
 * The signing trail in the signatures (issue 26 §2, decision 027): each signature of an ATTACHED
 * chain appends the trail, rendered from the chain's history with the signature's own SIGNED
 * event, in the revision it signs (one hash); a DETACHED chain's trail is a document of its own
 * (`chains.trail_document_id`) that each signature revises and signs too (two hashes).
 */

/**
 * The trail a signature of this chain carries, up to and with that signature; undefined when the
 * feature is off or the chain has none.
 */
export async function trailForSignature(
  ctx: Pick<ChainContext, 'config' | 'users'> & { pdf: Pick<PdfPool, 'renderTrail'> },
  db: Db,
  /** What the signature read (`readForSigning`), and the signer as signed in. */
  known: {
    chain: ChainRow;
    upload: { name: string; sha256: string };
    history: ChainHistoryEvent[] | undefined;
    signer: AuthUser;
  },
  /** The SIGNED event of the signature being made (`signedHistoryEvent`), not recorded yet. */
  pending: ChainHistoryEvent,
  signedAt: Date,
): Promise<Uint8Array | undefined> {
  const { chain, signer } = known;
  if (!ctx.config.SIGNING_TRAIL_ENABLED || chain.signingTrailMode === 'NONE') return undefined;
  const input = await loadSigningTrailInput(ctx, db, chain.id, { ...known, user: signer });
  input.events.push(pending);
  input.generatedAt = signedAt;
  return ctx.pdf.renderTrail(input);
}
