import { z } from 'zod';

/**
 * The rules of signature chains (spec documents §4, §6) as pure functions, so the rDSS decides and
 * the web app shows from the same code: who may act on a chain now, what each row says to the
 * asking user, which list filter a chain falls under, and who may withdraw, decline or delete.
 */

export const chainStatuses = ['CREATED', 'IN_PROGRESS', 'DONE', 'FAILED'] as const;
export const chainStatusSchema = z.enum(chainStatuses);
export type ChainStatus = z.infer<typeof chainStatusSchema>;

export const entryStatuses = [
  'CREATED',
  'IN_PROGRESS',
  'DONE',
  'FAILED',
  'DECLINED',
  'SUSPENDED',
  'DELETED',
  'WITHDRAWN',
] as const;
export const entryStatusSchema = z.enum(entryStatuses);
export type EntryStatus = z.infer<typeof entryStatusSchema>;

/** Why a FAILED chain ended: lists show "Withdrawn", "Declined" or "Expired" (D§4 labels). */
export const chainEndedReasons = ['WITHDRAWN', 'DECLINED', 'EXPIRED'] as const;
export const chainEndedReasonSchema = z.enum(chainEndedReasons);
export type ChainEndedReason = z.infer<typeof chainEndedReasonSchema>;

export const chainTypes = ['ORDERED', 'UNORDERED'] as const;
export const chainTypeSchema = z.enum(chainTypes);
export type ChainType = z.infer<typeof chainTypeSchema>;

/** What the rules read of a chain entry (a signer, clerk or approver; viewers are not entries). */
export interface RuleEntry {
  id: string;
  /** Null for an invited e-mail nobody has taken up yet. */
  userId: string | null;
  status: EntryStatus;
  approver: boolean;
}

/** What the rules read of a chain. */
export interface RuleChain {
  status: ChainStatus;
  type: ChainType;
  createdById: string;
  /** In signing order. */
  entries: readonly RuleEntry[];
  viewerIds: readonly string[];
  /** Why a FAILED chain ended; absent or null when not known (or not ended). */
  endedReason?: ChainEndedReason | null;
}

/**
 * The entry the user may act on now (sign, or approve as an approver), or null. The chain must be
 * CREATED and the user hold an entry in status CREATED; in an ordered chain every entry before it
 * must be done (the previous one has its signed document), in an unordered one any order goes.
 */
export function actionableEntry(chain: RuleChain, userId: string): RuleEntry | null {
  if (chain.status !== 'CREATED') return null;
  const index = chain.entries.findIndex((e) => e.userId === userId && e.status === 'CREATED');
  if (index < 0) return null;
  const entry = chain.entries[index] ?? null;
  if (chain.type === 'UNORDERED' || index === 0) return entry;
  return chain.entries[index - 1]?.status === 'DONE' ? entry : null;
}

/** Signing itself: an actionable entry that is not an approver's (approvers approve or decline). */
export function canSign(chain: RuleChain, userId: string): boolean {
  const entry = actionableEntry(chain, userId);
  return entry !== null && !entry.approver;
}

export function canApprove(chain: RuleChain, userId: string): boolean {
  return actionableEntry(chain, userId)?.approver === true;
}

/** Declining: a participant who may act now, but never the creator on their own chain. */
export function canDecline(chain: RuleChain, userId: string): boolean {
  return chain.createdById !== userId && actionableEntry(chain, userId) !== null;
}

/**
 * Withdrawing: only the creator, only while the chain is CREATED (awaiting signatures, however
 * many have signed), and never while a participant's signing is in progress.
 */
export function canWithdraw(chain: RuleChain, userId: string): boolean {
  return (
    chain.createdById === userId &&
    chain.status === 'CREATED' &&
    !chain.entries.some((e) => e.status === 'IN_PROGRESS')
  );
}

/**
 * Deleting (to the recycle bin): offered to the creator once the chain is no longer CREATED;
 * the server refuses it unless the chain is completed (DONE or FAILED).
 */
export function canDelete(chain: RuleChain, userId: string): boolean {
  return chain.createdById === userId && (chain.status === 'DONE' || chain.status === 'FAILED');
}

export function isParticipant(chain: RuleChain, userId: string): boolean {
  return (
    chain.createdById === userId ||
    chain.viewerIds.includes(userId) ||
    chain.entries.some((e) => e.userId === userId)
  );
}

export type RowChip =
  'completed' | 'todo' | 'failed' | 'pending' | 'approved' | 'declined' | 'withdrawn' | 'expired';

const endedChips: Record<ChainEndedReason, RowChip> = {
  WITHDRAWN: 'withdrawn',
  DECLINED: 'declined',
  EXPIRED: 'expired',
};

/**
 * The chip of a chain's row for the asking user (D§4): DONE is completed; one they can act on is
 * todo; FAILED says why it ended (withdrawn, declined, expired; failed when not known); else
 * pending. For an approver it speaks of their own entry: approved once done, failed or declined
 * as it ended.
 */
export function rowChip(chain: RuleChain, userId: string): RowChip {
  // Beyond the spec (issue 26 §3): a chain past its due date shows as expired to everyone.
  if (chain.status === 'FAILED' && chain.endedReason === 'EXPIRED') return 'expired';
  const own = chain.entries.find((e) => e.userId === userId);
  if (own?.approver) {
    if (own.status === 'DONE') return 'approved';
    if (own.status === 'FAILED') return 'failed';
    if (own.status === 'DECLINED') return 'declined';
  }
  if (chain.status === 'DONE') return 'completed';
  if (actionableEntry(chain, userId)) return 'todo';
  if (chain.status === 'FAILED')
    return chain.endedReason ? endedChips[chain.endedReason] : 'failed';
  return 'pending';
}

export const chainFilters = ['ALL', 'TODO', 'PENDING', 'SIGNED', 'FAILED'] as const;
export const chainFilterSchema = z.enum(chainFilters);
export type ChainFilter = z.infer<typeof chainFilterSchema>;

/** The list filter (besides ALL) a chain falls under for the user: D§4 filters. */
export function chainFilterOf(chain: RuleChain, userId: string): Exclude<ChainFilter, 'ALL'> {
  if (chain.status === 'DONE') return 'SIGNED';
  if (chain.status === 'FAILED') return 'FAILED';
  return actionableEntry(chain, userId) ? 'TODO' : 'PENDING';
}

export type EntryLabel = EntryStatus | 'WAITING';

/**
 * How an entry shows in the participants list: in an ordered chain an entry still CREATED behind
 * one that is not done is waiting; otherwise its status.
 */
export function entryLabel(chain: RuleChain, entry: RuleEntry): EntryLabel {
  if (entry.status !== 'CREATED' || chain.type === 'UNORDERED') return entry.status;
  const index = chain.entries.indexOf(entry);
  return index > 0 && chain.entries[index - 1]?.status !== 'DONE' ? 'WAITING' : entry.status;
}
