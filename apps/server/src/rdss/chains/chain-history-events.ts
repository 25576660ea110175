import type { ChainHistoryDetail } from '@signet/contracts/chain-history';
import type { AuthUser } from '#infra/auth-types';
import type { Db, Tx } from '#infra/database';
import type { ChainContext } from './chain-context';
import { recordChainHistory, type NewChainHistoryEvent, type StoredChain } from '../schema';

/** The actor as the history names them: their account's name (as it is now) and address. */
export async function actorDetail(
  ctx: Pick<ChainContext, 'users'>,
  actor: AuthUser,
): Promise<{ name: string; email: string }> {
  return { name: (await ctx.users.find(actor.id))?.name ?? actor.email, email: actor.email };
}

/**
 * A new chain's first events: CREATED by its creator, then INVITED for each entry in signing
 * order (its address; the account's name when it has one) and each viewer.
 */
export async function creationHistory(
  ctx: Pick<ChainContext, 'users'>,
  stored: StoredChain,
  creator: { id: string; name: string; email: string },
): Promise<NewChainHistoryEvent[]> {
  const chainId = stored.chain.id;
  const ids = [...stored.entries.flatMap((e) => (e.userId ? [e.userId] : [])), ...stored.viewerIds];
  const users = await ctx.users.findMany(ids);
  const invited = (userId: string | null, email: string): ChainHistoryDetail => {
    const user = userId === null ? undefined : users.get(userId);
    return user ? { name: user.name, email: user.email } : { email };
  };
  return [
    {
      chainId,
      kind: 'CREATED',
      actorId: creator.id,
      detail: { name: creator.name, email: creator.email },
    },
    ...stored.entries.map((entry): NewChainHistoryEvent => ({
      chainId,
      kind: 'INVITED',
      entryId: entry.id,
      actorId: creator.id,
      detail: invited(entry.userId, entry.email),
    })),
    ...viewerInvitations(stored.chain.id, creator.id, stored.viewerIds, users),
  ];
}

/** INVITED for viewers (at creation, or those a creator adds later). */
export function viewerInvitations(
  chainId: string,
  creatorId: string,
  viewerIds: readonly string[],
  users: Map<string, { name: string; email: string }>,
): NewChainHistoryEvent[] {
  return viewerIds.flatMap((viewerId) => {
    const user = users.get(viewerId);
    if (!user) return [];
    const detail = { name: user.name, email: user.email };
    return [{ chainId, kind: 'INVITED' as const, actorId: creatorId, detail }];
  });
}

/**
 * OPENED the first time a participant (an entry's user or a viewer) reads the chain; the
 * creator's own reads are not openings unless they are also an entry. The unique index keeps
 * only the first.
 */
export async function recordOpened(
  ctx: Pick<ChainContext, 'users'>,
  db: Db | Tx,
  stored: StoredChain,
  actor: AuthUser,
): Promise<void> {
  const entry = stored.entries.find((e) => e.userId === actor.id);
  if (!entry && !stored.viewerIds.includes(actor.id)) return;
  await recordChainHistory(db, [
    {
      chainId: stored.chain.id,
      kind: 'OPENED',
      entryId: entry?.id ?? null,
      actorId: actor.id,
      detail: await actorDetail(ctx, actor),
    },
  ]);
}
