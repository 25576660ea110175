import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { actionableEntry } from '@signet/contracts/chain-rules';
import type { MailPreference } from '@signet/contracts/users';
import type { DirectoryUser } from '#infra/auth-types';
import { type ChainContext, findChain, loadSubject, subjectName } from '../chains';
import {
  chainHistory,
  noticeMailCounts,
  type ChainEntryRow,
  ruleChain,
  type StoredChain,
} from '../schema';
import { chainNoticeMail, type NoticeKind } from './chain-notice-mail';

/**
 * Who is told what about a chain (issue 26 §3, decision 028). Every notice goes out after the
 * change's transaction committed, as background work (`ctx.background`): the request neither
 * waits for the mail server nor fails with it, and a notice never claims what did not commit.
 * Each reads the chain as it is then. Mail goes only to registered, enabled users with a
 * confirmed address whose mail preference takes this kind, in their language; invited addresses
 * without an account get their invitation instead.
 */

/** Whether a user's mail preference lets this kind of mail through. */
export function wantsNotice(preference: MailPreference, kind: NoticeKind): boolean {
  if (preference === 'NONE') return false;
  if (preference === 'YOUR_TURN') return kind === 'YOUR_TURN' || kind === 'REMINDER';
  return true;
}

interface Notice {
  userId: string;
  isApprover?: boolean;
}

/** Where a kind of notice points in the web app: the list the chain now shows in. */
const listOf: Record<NoticeKind, string> = {
  YOUR_TURN: 'TODO',
  REMINDER: 'TODO',
  COMPLETED: 'SIGNED',
  DECLINED: 'FAILED',
  WITHDRAWN: 'FAILED',
  EXPIRED: 'FAILED',
};

/** May this user be mailed this kind now? */
function reachable(user: DirectoryUser | undefined, kind: NoticeKind): user is DirectoryUser {
  return (
    user !== undefined &&
    user.status === 'ENABLED' &&
    user.emailConfirmed &&
    wantsNotice(user.mailPreference, kind)
  );
}

/**
 * Mails `kind` to each notice's user (once per user), one after another; a mail that fails does
 * not stop the others, and the failures are thrown together at the end for the log.
 */
async function deliver(
  ctx: ChainContext,
  stored: StoredChain,
  kind: NoticeKind,
  notices: Notice[],
  about: {
    actorId?: string | null;
    reason?: string | null;
    /** The user whose own call caused these mails: they count against that user's day. */
    countedTo?: string;
  } = {},
): Promise<void> {
  const wanted = new Map<string, Notice>();
  for (const notice of notices) {
    if (notice.userId !== about.actorId && !wanted.has(notice.userId)) {
      wanted.set(notice.userId, notice);
    }
  }
  if (wanted.size === 0) return;
  const extra = [stored.chain.createdBy, ...(about.actorId ? [about.actorId] : [])];
  const users = await ctx.users.findMany([...wanted.keys(), ...extra]);
  const recipients = [...wanted.values()].filter((n) => reachable(users.get(n.userId), kind));
  if (recipients.length === 0) return;
  if (about.countedTo && !(await counted(ctx, about.countedTo, recipients.length))) return;
  const subject = await loadSubject(ctx.database.db, stored.chain);
  const creator = users.get(stored.chain.createdBy);
  const actor = about.actorId ? users.get(about.actorId) : undefined;
  const base = ctx.config.publicUrl;
  const failures: unknown[] = [];
  for (const notice of recipients) {
    const user = users.get(notice.userId) as DirectoryUser;
    const mail = chainNoticeMail({
      kind,
      to: user.email,
      locale: user.locale,
      fileName: subjectName(subject),
      creatorName: creator?.name ?? '',
      actorName: actor?.name ?? null,
      reason: about.reason ?? null,
      isApprover: notice.isApprover === true,
      dueAt: stored.chain.dueAt,
      link: `${base}/signatureChains/list/${listOf[kind]}`,
      profileLink: `${base}/user/profile`,
    });
    try {
      await ctx.mailer.send(mail);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} ${kind} mail(s) could not be sent`);
  }
}

/**
 * Counts mails a user's own call caused (new chains, reminders, withdrawals) against their
 * NOTICE_MAILS_PER_DAY, kept like the invitation count (decision 023), so nobody makes Signet
 * mail others without bound. Over it the notices are not sent (they are a courtesy; the change
 * stands): false.
 */
async function counted(ctx: ChainContext, userId: string, count: number): Promise<boolean> {
  const cap = ctx.config.NOTICE_MAILS_PER_DAY;
  if (count > cap) return false;
  const day = new Date().toISOString().slice(0, 10);
  const db = ctx.database.db;
  // Earlier days no longer count: one row per user is kept.
  await db
    .delete(noticeMailCounts)
    .where(and(eq(noticeMailCounts.userId, userId), lt(noticeMailCounts.day, day)));
  // Adds only while under the cap, in one statement (racing calls take turns on the row).
  const [row] = await db
    .insert(noticeMailCounts)
    .values({ userId, day, sent: count })
    .onConflictDoUpdate({
      target: [noticeMailCounts.userId, noticeMailCounts.day],
      set: { sent: sql`${noticeMailCounts.sent} + ${count}` },
      setWhere: sql`${noticeMailCounts.sent} + ${count} <= ${cap}`,
    })
    .returning({ sent: noticeMailCounts.sent });
  return row !== undefined;
}

const turnOf = (entry: ChainEntryRow): Notice[] =>
  entry.userId ? [{ userId: entry.userId, isApprover: entry.approver }] : [];

/** The registered entries whose turn it is now. */
export function entriesOnTurn(stored: StoredChain): ChainEntryRow[] {
  const rules = ruleChain(stored);
  return stored.entries.filter(
    (entry) => entry.userId !== null && actionableEntry(rules, entry.userId)?.id === entry.id,
  );
}

/** Runs a notice after the commit, reading the chain as it is then; gone chains tell no one. */
function later(
  ctx: ChainContext,
  what: string,
  chainId: string,
  tell: (stored: StoredChain) => Promise<void>,
): void {
  ctx.background.run(what, async () => {
    const stored = await findChain(ctx.database.db, chainId);
    if (stored) await tell(stored);
  });
}

/**
 * A new chain: "your turn" to each registered participant who may act at once (everyone of an
 * unordered chain, the first of an ordered one), never to the creator.
 */
export function tellCreated(ctx: ChainContext, chainIds: readonly string[], actorId: string) {
  for (const chainId of chainIds) {
    later(ctx, 'your-turn notice', chainId, async (stored) => {
      if (stored.chain.status !== 'CREATED') return;
      await deliver(ctx, stored, 'YOUR_TURN', entriesOnTurn(stored).flatMap(turnOf), {
        actorId,
        countedTo: actorId,
      });
    });
  }
}

/**
 * After a signature or an approval of entry `entryId`: "completed" to the creator, every
 * participant and every viewer when the chain is done; else, in an ordered chain, "your turn" to
 * the next participant.
 */
export function tellStep(ctx: ChainContext, chainId: string, entryId: string, actorId: string) {
  later(ctx, 'chain step notice', chainId, async (stored) => {
    if (stored.chain.status === 'DONE') {
      const everyone = [
        stored.chain.createdBy,
        ...stored.entries.flatMap((e) => (e.userId ? [e.userId] : [])),
        ...stored.viewerIds,
      ];
      await deliver(
        ctx,
        stored,
        'COMPLETED',
        everyone.map((userId) => ({ userId })),
      );
      return;
    }
    if (stored.chain.type !== 'ORDERED') return;
    const index = stored.entries.findIndex((e) => e.id === entryId);
    const next = stored.entries[index + 1];
    if (!next || !entriesOnTurn(stored).includes(next)) return;
    await deliver(ctx, stored, 'YOUR_TURN', turnOf(next), { actorId });
  });
}

type EndedKind = 'DECLINED' | 'WITHDRAWN' | 'EXPIRED';

/** The reason a chain ended with, as recorded: the decliner's comment or the history's reason. */
async function reasonOf(ctx: ChainContext, stored: StoredChain, kind: EndedKind) {
  const declined = stored.entries.find((e) => e.status === 'DECLINED');
  if (kind === 'DECLINED' && declined?.comment) return declined.comment;
  const [event] = await ctx.database.db
    .select({ detail: chainHistory.detail })
    .from(chainHistory)
    .where(and(eq(chainHistory.chainId, stored.chain.id), eq(chainHistory.kind, kind)))
    .orderBy(desc(chainHistory.id))
    .limit(1);
  return event?.detail.reason ?? null;
}

/**
 * A chain that ended before it was done (declined, withdrawn, expired): the creator and the
 * participants still waiting (whose entries neither signed nor declined) are told, with the
 * reason when one was given; never the person who ended it.
 */
export function tellEnded(
  ctx: ChainContext,
  chainId: string,
  kind: EndedKind,
  actorId: string | null,
) {
  later(ctx, `${kind.toLowerCase()} notice`, chainId, async (stored) => {
    if (stored.chain.status !== 'FAILED') return;
    const waiting = stored.entries.filter(
      (e) => e.userId !== null && e.status !== 'DONE' && e.status !== 'DECLINED',
    );
    const notices = [
      { userId: stored.chain.createdBy },
      ...waiting.map((e) => ({ userId: e.userId as string })),
    ];
    const reason = await reasonOf(ctx, stored, kind);
    // A withdrawal is the creator's own doing; a decline or an expiry is not.
    const countedTo = kind === 'WITHDRAWN' && actorId ? { countedTo: actorId } : {};
    await deliver(ctx, stored, kind, notices, { actorId, reason, ...countedTo });
  });
}

/** A reminder to the entries named (their turn, reminded by the creator or the sweep). */
export function tellReminded(
  ctx: ChainContext,
  chainId: string,
  entryIds: readonly string[],
  /** The creator who reminded (counted to their day); none for the automatic reminder. */
  remindedBy?: string,
) {
  if (entryIds.length === 0) return;
  later(ctx, 'reminder notice', chainId, async (stored) => {
    if (stored.chain.status !== 'CREATED') return;
    const entries = stored.entries.filter((e) => entryIds.includes(e.id));
    await deliver(ctx, stored, 'REMINDER', entries.flatMap(turnOf), {
      ...(remindedBy ? { countedTo: remindedBy } : {}),
    });
  });
}
