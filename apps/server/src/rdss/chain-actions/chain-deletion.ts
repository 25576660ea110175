import { canDelete } from '@signet/contracts/chain-rules';
import { AppError, forbidden, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import {
  type ChainContext,
  announce,
  visible,
  findChain,
  deleteChain,
  updateChain,
} from '../chains';
import { deleteDocument, revisionsOfChains } from '../documents';
import { ruleChain } from '../schema';

/** The creator, or an admin from All Documents, moves a completed chain to the recycle bin. */
export async function softDeleteChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
}): Promise<void> {
  const { ctx, actor, id } = options;
  await ctx.database.db.transaction(async (tx) => {
    const isAdmin = actor.roles.includes('admin');
    const stored = isAdmin
      ? await findChain(tx, id, { lock: true })
      : (await visible(tx, actor, id, true)).stored;
    if (!stored) throw notFound('Signature chain');
    if (!isAdmin && stored.chain.createdBy !== actor.id) {
      throw forbidden('Only the creator deletes a chain');
    }
    if (!canDelete(ruleChain(stored), stored.chain.createdBy)) {
      throw new AppError('INVALID_REQUEST', 'The chain is not completed');
    }
    await updateChain(tx, stored.chain.id, { deletedAt: new Date() });
    await announce(ctx, tx, 'SIGNATURE_CHAIN_DELETED', stored);
  });
}

/** The admin deletes a chain in the recycle bin for good, with its signed revisions. */
export async function deleteChainForGood(options: {
  ctx: ChainContext;
  id: string;
}): Promise<void> {
  const { ctx, id } = options;
  const { revisionIds, trailId } = await ctx.database.db.transaction(async (tx) => {
    const stored = await findChain(tx, id, { lock: true, inRecycleBin: true });
    if (!stored) throw notFound('Signature chain in the recycle bin');
    const revisions = await revisionsOfChains(tx, [id]);
    await deleteChain(tx, id);
    // A detached signing trail's document is the chain's own: it goes with it.
    const trail = stored.chain.trailDocumentId;
    if (trail) await deleteDocument(tx, trail);
    await announce(ctx, tx, 'SIGNATURE_CHAIN_DELETED', stored);
    return { revisionIds: revisions.map((r) => r.id), trailId: trail };
  });
  // Increments kept as files go after their rows (in the database they went with them).
  await Promise.all(revisionIds.map((revisionId) => ctx.increments?.remove(revisionId)));
  if (trailId) await ctx.blobs?.remove(trailId);
}
