import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '#infra/database';
import { chainEntries, chainInvitations, type ChainEntryRow } from '../schema';

export async function insertInvitation(
  tx: Tx,
  invitation: { tokenHash: string; entryId: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(chainInvitations).values(invitation);
}

/** Uses up an unexpired invitation; the entry it names, or undefined. */
export async function takeInvitation(
  tx: Tx,
  tokenHash: string,
): Promise<ChainEntryRow | undefined> {
  const [invitation] = await tx
    .delete(chainInvitations)
    .where(
      and(eq(chainInvitations.tokenHash, tokenHash), gt(chainInvitations.expiresAt, sql`now()`)),
    )
    .returning();
  if (!invitation) return undefined;
  const [entry] = await tx
    .select()
    .from(chainEntries)
    .where(eq(chainEntries.id, invitation.entryId))
    .for('update');
  return entry;
}

export async function dropInvitationsOf(tx: Tx, entryId: string): Promise<void> {
  await tx.delete(chainInvitations).where(eq(chainInvitations.entryId, entryId));
}
