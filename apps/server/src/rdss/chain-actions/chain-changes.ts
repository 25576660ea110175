import {
  actionableEntry,
  canApprove,
  canDecline,
  canWithdraw,
} from '@signet/contracts/chain-rules';
import type {
  Chain,
  ChainDecision,
  UpdateChainViewers,
  WithdrawChain,
} from '@signet/contracts/chains';
import type { EventName } from '@signet/contracts/events';
import { AppError, forbidden } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Tx } from '#infra/database';
import {
  type ChainContext,
  announce,
  actorDetail,
  viewerInvitations,
  visible,
  findChain,
  toView,
  closeOpenEntries,
  replaceViewers,
  updateChain,
  updateEntry,
} from '../chains';
import {
  recordChainHistory,
  type NewChainHistoryEvent,
  ruleChain,
  type StoredChain,
} from '../schema';
import { tellEnded, tellStep, refuseTooManyParticipants } from '../notices';
import { invalid, resolveViewers } from './chain-planning';

/** The actor as the history names them. */
type Who = Awaited<ReturnType<typeof actorDetail>>;

/**
 * A change of one chain under its row lock: `change` checks the rules on the locked state and
 * writes; the event goes out on the same transaction. Two racing changes take turns, and the
 * second one meets the state the first left.
 */
async function changeChain(
  ctx: ChainContext,
  actor: AuthUser,
  id: string,
  event: EventName,
  change: (tx: Tx, stored: StoredChain, who: Who) => Promise<void>,
): Promise<Chain> {
  const db = ctx.database.db;
  // Read before the transaction: the user directory answers from its own connection.
  const who = await actorDetail(ctx, actor);
  const subject = await db.transaction(async (tx) => {
    const visibleChain = await visible(tx, actor, id, true);
    const before = visibleChain.stored;
    await change(tx, before, who);
    // Each hears the filter the chain falls under now (a decliner's is FAILED, no longer TODO).
    const after = (await findChain(tx, id)) ?? before;
    const viewerIds = [...new Set([...before.viewerIds, ...after.viewerIds])];
    await announce(ctx, tx, event, { ...after, viewerIds });
    return visibleChain.subject;
  });
  const { stored } = await visible(db, actor, id);
  return toView(ctx, stored, subject, actor.id);
}

/**
 * The creator takes back a chain still awaiting signatures (some may have signed; what they
 * signed stays): open entries end WITHDRAWN, the chain FAILED as WITHDRAWN with the reason given.
 * Never while a participant is signing it in this server (its turn is held, chain-locks.ts); a
 * signing that starts meanwhile, or on another instance, finds the chain changed at its commit
 * and signs nothing.
 */
export async function withdrawChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
  input?: WithdrawChain;
}): Promise<Chain> {
  const { ctx, actor, id, input } = options;
  const reason = input?.reason || null;
  const chain = await changeChain(
    ctx,
    actor,
    id,
    'SIGNATURE_CHAIN_WITHDRAWN',
    async (tx, stored, who) => {
      if (stored.chain.createdBy !== actor.id)
        throw forbidden('Only the creator withdraws a chain');
      const signing =
        ctx.locks?.isHeld(id) || stored.entries.some((e) => e.status === 'IN_PROGRESS');
      if (signing && stored.chain.status === 'CREATED') throw signingInProgress();
      if (!canWithdraw(ruleChain(stored), actor.id)) {
        throw new AppError('INVALID_REQUEST', 'Only a chain in status CREATED can be withdrawn');
      }
      await closeOpenEntries(tx, stored.chain.id, 'WITHDRAWN');
      await updateChain(tx, stored.chain.id, {
        status: 'FAILED',
        endedReason: 'WITHDRAWN',
        withdrawReason: reason,
      });
      await recordChainHistory(tx, [
        {
          chainId: stored.chain.id,
          kind: 'WITHDRAWN',
          actorId: actor.id,
          detail: { ...who, ...(reason ? { reason } : {}) },
        },
      ]);
    },
  );
  tellEnded(ctx, id, 'WITHDRAWN', actor.id);
  return chain;
}

const signingInProgress = () =>
  new AppError('SIGNING_IN_PROGRESS', 'A participant is signing this chain now; try again soon');

/** The entry named must be the caller's one that may act now. */
function ownActionable(stored: StoredChain, actor: AuthUser, decision: ChainDecision) {
  const entry = actionableEntry(ruleChain(stored), actor.id);
  if (!entry || entry.id !== decision.currentSignatureId) {
    throw new AppError('INVALID_REQUEST', 'This signature cannot be decided on now');
  }
  return entry;
}

/** APPROVED or DECLINED by the entry's user, with their comment or reason. */
function decisionEvent(
  kind: 'APPROVED' | 'DECLINED',
  stored: StoredChain,
  entryId: string,
  who: { name: string; email: string },
  actor: AuthUser,
  decision: ChainDecision,
): NewChainHistoryEvent {
  const reason = decision.comment?.trim();
  return {
    chainId: stored.chain.id,
    kind,
    entryId,
    actorId: actor.id,
    detail: { ...who, ...(reason ? { reason } : {}) },
  };
}

/** A participant declines with an optional reason: the chain fails. */
export async function declineChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
  decision: ChainDecision;
}): Promise<Chain> {
  const { ctx, actor, id, decision } = options;
  const chain = await changeChain(
    ctx,
    actor,
    id,
    'SIGNATURE_CHAIN_UPDATED',
    async (tx, stored, who) => {
      const entry = ownActionable(stored, actor, decision);
      if (!canDecline(ruleChain(stored), actor.id)) {
        throw forbidden('The creator cannot decline their own chain');
      }
      await updateEntry(tx, entry.id, {
        status: 'DECLINED',
        comment: decision.comment ?? null,
      });
      await updateChain(tx, stored.chain.id, { status: 'FAILED', endedReason: 'DECLINED' });
      await recordChainHistory(tx, [
        decisionEvent('DECLINED', stored, entry.id, who, actor, decision),
      ]);
    },
  );
  tellEnded(ctx, id, 'DECLINED', actor.id);
  return chain;
}

/** An approver approves: their entry is done, and the chain when every entry is. */
export async function approveChain(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
  decision: ChainDecision;
}): Promise<Chain> {
  const { ctx, actor, id, decision } = options;
  const chain = await changeChain(
    ctx,
    actor,
    id,
    'SIGNATURE_CHAIN_UPDATED',
    async (tx, stored, who) => {
      const entry = ownActionable(stored, actor, decision);
      if (!canApprove(ruleChain(stored), actor.id)) {
        throw new AppError('INVALID_REQUEST', 'Only an approver approves; a signer signs');
      }
      const now = new Date();
      await updateEntry(tx, entry.id, {
        status: 'DONE',
        comment: decision.comment ?? null,
        signedAt: now,
      });
      const allDone = stored.entries.every((e) => e.id === entry.id || e.status === 'DONE');
      if (allDone) await updateChain(tx, stored.chain.id, { status: 'DONE', signedAt: now });
      else await updateChain(tx, stored.chain.id, {});
      await recordChainHistory(tx, [
        decisionEvent('APPROVED', stored, entry.id, who, actor, decision),
        ...(allDone ? [{ chainId: stored.chain.id, kind: 'COMPLETED' as const }] : []),
      ]);
    },
  );
  tellStep(ctx, id, decision.currentSignatureId, actor.id);
  return chain;
}

/** The creator replaces the viewers; old and new viewers hear of it. */
export async function updateChainViewers(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
  input: UpdateChainViewers;
}): Promise<Chain> {
  const { ctx, actor, id, input } = options;
  const fields: Record<string, string> = {};
  const viewerIds = await resolveViewers(ctx, actor, input.viewerEmails, fields);
  if (Object.keys(fields).length > 0) throw invalid(fields);
  const users = await ctx.users.findMany(viewerIds);
  return changeChain(ctx, actor, id, 'SIGNATURE_CHAIN_UPDATED', async (tx, stored) => {
    if (stored.chain.createdBy !== actor.id) throw forbidden('Only the creator changes viewers');
    refuseTooManyParticipants(ctx.config, stored.entries.length + new Set(viewerIds).size);
    const taken = new Set(stored.entries.map((e) => e.userId));
    const clash = viewerIds.findIndex((viewer) => taken.has(viewer));
    if (clash >= 0) throw invalid({ [`viewerEmails.${clash}`]: 'Already takes part in the chain' });
    await replaceViewers(tx, stored.chain.id, [...new Set(viewerIds)]);
    await updateChain(tx, stored.chain.id, {});
    const added = [...new Set(viewerIds)].filter((v) => !stored.viewerIds.includes(v));
    await recordChainHistory(tx, viewerInvitations(stored.chain.id, actor.id, added, users));
    // Old and new viewers alike hear of it.
    stored.viewerIds = [...new Set([...stored.viewerIds, ...viewerIds])];
  });
}
