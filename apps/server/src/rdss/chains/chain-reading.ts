import { isParticipant } from '@signet/contracts/chain-rules';
import type {
  AdminChainListQuery,
  Chain,
  ChainPage,
  OwnChainListQuery,
} from '@signet/contracts/chains';
import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import { notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import * as adminList from './admin-chain-list';
import type { ChainContext } from './chain-context';
import { readChainHistory, asOfNow, ruleChain, type StoredChain } from '../schema';
import { recordOpened } from './chain-history-events';
import { findChain, findChainByExternalId } from './chain-reads';
import { loadSubject, type ChainSubject } from './chain-subject';
import { pageView, toView } from './chain-view';
import * as ownList from './own-chain-list';

/**
 * The chain for one of its participants; anyone else (and a deleted chain) is NOT_FOUND. Past
 * its due date it reads as expired even before the sweep writes it (chain-expiry.ts).
 */
export async function visible(
  db: Parameters<typeof findChain>[0],
  actor: AuthUser,
  id: string,
  lock = false,
): Promise<{ stored: StoredChain; subject: ChainSubject }> {
  const found = await findChain(db, id, { lock });
  const stored = found && asOfNow(found);
  if (!stored || !isParticipant(ruleChain(stored), actor.id)) throw notFound('Signature chain');
  return { stored, subject: await loadSubject(db, stored.chain) };
}

export async function getChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
}): Promise<Chain> {
  const { ctx, actor, id } = options;
  const { stored, subject } = await visible(ctx.database.db, actor, id);
  await recordOpened(ctx, ctx.database.db, stored, actor);
  return toView(ctx, stored, subject, actor.id);
}

/**
 * `GET signatureChains/{id}/history`: the chain's events in order, for its creator, participants
 * and viewers, and for admins (who see every chain in All Documents); anyone else NOT_FOUND.
 */
export async function getChainHistory(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
}): Promise<ChainHistoryEvent[]> {
  const { ctx, actor, id } = options;
  const db = ctx.database.db;
  const stored = await findChain(db, id, { lock: false });
  const allowed =
    stored !== undefined &&
    (isParticipant(ruleChain(stored), actor.id) || actor.roles.includes('admin'));
  if (!allowed) throw notFound('Signature chain');
  return readChainHistory(db, stored.chain.id);
}

export async function listOwnChains(options: {
  ctx: ChainContext;
  actor: AuthUser;
  query: OwnChainListQuery;
}): Promise<ChainPage> {
  const { ctx, actor, query } = options;
  return pageView(ctx, await ownList.listOwnChains(ctx.database.db, actor.id, query), actor.id);
}

/** All Documents and the recycle bin (the route checks the admin role). */
export async function listAllChains(options: {
  ctx: ChainContext;
  actor: AuthUser;
  query: AdminChainListQuery;
}): Promise<ChainPage> {
  const { ctx, actor, query } = options;
  return pageView(ctx, await adminList.listAllChains(ctx.database.db, query), actor.id);
}

/** The creator's chain with this external id (for systems that created it through the API). */
export async function getChainByExternalId(options: {
  ctx: ChainContext;
  actor: AuthUser;
  externalId: string;
}): Promise<Chain> {
  const { ctx, actor, externalId } = options;
  const stored = await findChainByExternalId(ctx.database.db, actor.id, externalId);
  if (!stored) throw notFound('Signature chain');
  return getChain({ ctx, actor, id: stored.chain.id });
}
