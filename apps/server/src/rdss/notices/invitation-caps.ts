import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Config } from '#infra/config';
import { AppError } from '#infra/app-error';
import type { Tx } from '#infra/database';
import { chainInvitations, invitationMailCounts } from '../schema';

/**
 * What bounds the mail one user makes Signet send (issue 25 §5): invitation mails per UTC day,
 * one resend an hour per entry, and participants per chain. The counts live in the database and
 * change in the transaction of the chain that sends the mail, so every instance sees them and a
 * refusal stores nothing (decision 023).
 */

const hourMs = 60 * 60 * 1000;

const tooMany = (message: string, retryAt: Date, now: Date) =>
  new AppError('TOO_MANY_REQUESTS', message, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
  });

/** The UTC day of `at` as `YYYY-MM-DD`, and the start of the next one. */
function utcDay(at: Date): { day: string; next: Date } {
  const day = at.toISOString().slice(0, 10);
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { day, next };
}

/**
 * Counts `count` invitation mails against the user's day, or refuses all of them with
 * TOO_MANY_REQUESTS (Retry-After: the next UTC day) when they would pass
 * INVITATION_MAILS_PER_DAY. Call it before the mails go out, on the transaction that stores what
 * they announce: a rollback forgets the count with it.
 */
export async function countInvitationMails(
  tx: Tx,
  config: Pick<Config, 'INVITATION_MAILS_PER_DAY'>,
  userId: string,
  count: number,
  now = new Date(),
): Promise<void> {
  if (count === 0) return;
  const cap = config.INVITATION_MAILS_PER_DAY;
  const { day, next } = utcDay(now);
  const refused = () =>
    tooMany(`At most ${cap} invitation mails a day; try again tomorrow (UTC)`, next, now);
  if (count > cap) throw refused();
  // Earlier days no longer count: one row per user is kept.
  await tx
    .delete(invitationMailCounts)
    .where(and(eq(invitationMailCounts.userId, userId), lt(invitationMailCounts.day, day)));
  // One statement that adds only while under the cap; the row lock makes racing calls take turns.
  const [counted] = await tx
    .insert(invitationMailCounts)
    .values({ userId, day, sent: count })
    .onConflictDoUpdate({
      target: [invitationMailCounts.userId, invitationMailCounts.day],
      set: { sent: sql`${invitationMailCounts.sent} + ${count}` },
      setWhere: sql`${invitationMailCounts.sent} + ${count} <= ${cap}`,
    })
    .returning({ sent: invitationMailCounts.sent });
  if (!counted) throw refused();
}

/**
 * Refuses a resend with TOO_MANY_REQUESTS while any of the entries was resent less than an hour
 * ago; Retry-After says when the last of them may be mailed again.
 */
export async function refuseEarlyResend(
  tx: Tx,
  entryIds: readonly string[],
  now = new Date(),
): Promise<void> {
  if (entryIds.length === 0) return;
  const [latest] = await tx
    .select({ at: chainInvitations.resentAt })
    .from(chainInvitations)
    .where(
      and(inArray(chainInvitations.entryId, [...entryIds]), isNotNull(chainInvitations.resentAt)),
    )
    .orderBy(desc(chainInvitations.resentAt))
    .limit(1);
  if (!latest?.at) return;
  const retryAt = new Date(latest.at.getTime() + hourMs);
  if (retryAt > now) {
    throw tooMany('The invitations of this chain were resent less than an hour ago', retryAt, now);
  }
}

/** Marks the entries' new invitations as mailed by a resend now. */
export async function markResent(tx: Tx, entryIds: readonly string[], now = new Date()) {
  if (entryIds.length === 0) return;
  await tx
    .update(chainInvitations)
    .set({ resentAt: now })
    .where(inArray(chainInvitations.entryId, [...entryIds]));
}

/**
 * VALIDATION_FAILED when a chain would name more than CHAIN_PARTICIPANTS_MAX people (signers and
 * viewers together); the contract already caps them at the most this may be.
 */
export function refuseTooManyParticipants(
  config: Pick<Config, 'CHAIN_PARTICIPANTS_MAX'>,
  participants: number,
): void {
  const cap = config.CHAIN_PARTICIPANTS_MAX;
  if (participants <= cap) return;
  throw new AppError('VALIDATION_FAILED', 'Validation failed', {
    signers: `A chain names at most ${cap} participants`,
  });
}
