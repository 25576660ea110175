import { forbidden } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Tx } from '#infra/database';
import { newLinkToken } from '#infra/keys';
import { sendOrUnavailable } from '#infra/mailer';
import { mayMailOthers, type ChainContext, visible, subjectName } from '../chains';
import { dropInvitationsOf, insertInvitation } from './chain-invitation-store';
import { chainInvitationLink, chainInvitationMail } from './chain-invitation-mail';
import type { ChainEntryRow, StoredChain } from '../schema';
import { countInvitationMails, markResent, refuseEarlyResend } from './invitation-caps';

const invitationDays = 14;

/**
 * The inviter's account name for the mail's subject (issue 25 §5), read before the chain's
 * transaction: the directory reads on its own connection, which the transaction may hold.
 */
export async function inviterNameOf(ctx: ChainContext, actor: AuthUser): Promise<string> {
  return (await ctx.users.find(actor.id))?.name ?? actor.email;
}

/** The entries of e-mails without an account that still wait to be taken up. */
export function newcomersOf(stored: StoredChain): ChainEntryRow[] {
  return stored.entries.filter((e) => e.userId === null && e.status === 'CREATED');
}

/**
 * Mails each entry of an e-mail without an account the link that lets its reader take the entry
 * up. Sent before the chain commits: a mail that cannot go out leaves no chain behind. The mails
 * are counted against the actor's day first, and a resend is refused within the hour
 * (`invitation-caps.ts`): a refusal sends and stores nothing.
 */
export async function inviteNewcomers(
  ctx: ChainContext,
  tx: Tx,
  stored: StoredChain,
  about: {
    actor: AuthUser;
    inviterName: string;
    fileName: string;
    isResend?: boolean;
    isCounted?: boolean;
  },
): Promise<void> {
  const newcomers = newcomersOf(stored);
  if (newcomers.length === 0) return;
  const ids = newcomers.map((entry) => entry.id);
  if (about.isResend) await refuseEarlyResend(tx, ids);
  if (!about.isCounted) {
    await countInvitationMails(tx, ctx.config, about.actor.id, newcomers.length);
  }
  for (const entry of newcomers) {
    // A new link replaces any earlier one: only the latest mail works.
    await dropInvitationsOf(tx, entry.id);
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(Date.now() + invitationDays * 24 * 60 * 60 * 1000);
    await insertInvitation(tx, { tokenHash: hash, entryId: entry.id, expiresAt });
    await sendOrUnavailable(
      ctx.mailer,
      chainInvitationMail({
        to: entry.email,
        inviter: {
          name: about.inviterName,
          email: about.actor.email,
          locale: about.actor.locale,
        },
        fileName: about.fileName,
        comment: stored.chain.comment,
        link: chainInvitationLink(ctx.config.publicUrl, token),
        days: invitationDays,
      }),
    );
  }
  if (about.isResend) await markResent(tx, ids);
}

/** The creator mails the invited e-mails that have not taken their entry up a new link. */
export async function resendInvitations(options: {
  ctx: ChainContext;
  actor: AuthUser;
  id: string;
}): Promise<void> {
  const { ctx, actor, id } = options;
  const inviterName = await inviterNameOf(ctx, actor);
  await ctx.database.db.transaction(async (tx) => {
    const { stored, subject } = await visible(tx, actor, id, true);
    if (stored.chain.createdBy !== actor.id)
      throw forbidden('Only the creator resends invitations');
    mayMailOthers(actor);
    await inviteNewcomers(ctx, tx, stored, {
      actor,
      inviterName,
      fileName: subjectName(subject),
      isResend: true,
    });
  });
}
