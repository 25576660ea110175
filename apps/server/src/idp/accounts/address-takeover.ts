import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '#infra/database';
import { hashLinkToken, newLinkToken } from '#infra/keys';
import type { Mail } from '#infra/mailer';
import { confirmationDays } from './account-mail';
import { endAccountSessions, type Account } from './account-store';
import { linkMail } from './link-mail';
import { accounts, pendingRegistrations } from '../store';

/**
 * Taking an address back from an account that never confirmed it
 * (docs/decisions/020-confirmed-addresses.md): the registration is kept with a hashed link
 * token; the link mailed to the address creates the account, its address confirmed, and removes
 * the unconfirmed holder's account (its sessions end with it). Whoever reads the mailbox decides.
 */

/** The page a takeover link opens (a path segment, which the request log redacts). */
export function takeoverLink(issuer: string, token: string): string {
  return `${issuer}/account/takeover/${token}`;
}

/** Keeps a registration of an address an unconfirmed account holds; the link's token. */
export async function keepPendingRegistration(
  db: Db,
  registration: { email: string; givenName: string; familyName: string; passwordHash: string },
): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.insert(pendingRegistrations).values({
    tokenHash: hash,
    ...registration,
    email: registration.email.trim(),
    expiresAt: new Date(Date.now() + confirmationDays * 24 * 60 * 60 * 1000),
  });
  return token;
}

/**
 * Posting the link: the kept registration becomes the account of the address, confirmed. Null
 * when the link is unknown or expired, or when the holder confirmed the address meanwhile (then
 * the address is theirs and nothing changes).
 */
export async function completePendingRegistration(db: Db, token: string): Promise<Account | null> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(pendingRegistrations)
      .where(
        and(
          eq(pendingRegistrations.tokenHash, hashLinkToken(token)),
          gt(pendingRegistrations.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!pending) return null;
    const [holder] = await tx
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.email}) = lower(${pending.email})`)
      .for('update');
    if (holder?.emailVerifiedAt) return null;
    if (holder) {
      await endAccountSessions(tx, holder.id);
      await tx.delete(accounts).where(eq(accounts.id, holder.id));
    }
    const [account] = await tx
      .insert(accounts)
      .values({
        id: randomUUID(),
        email: pending.email,
        givenName: pending.givenName,
        familyName: pending.familyName,
        passwordHash: pending.passwordHash,
        emailVerifiedAt: new Date(),
      })
      .returning();
    return account ?? null;
  });
}

export async function deleteExpiredPendingRegistrations(db: Db): Promise<void> {
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, sql`now()`));
}

/** Sent when someone registers an address that an account holds unconfirmed. */
export function takeoverMail(to: string, link: string): Mail {
  return linkMail({
    to,
    subject: 'Signet: confirm your e-mail address / Signet: erősítse meg e-mail-címét',
    link,
    en: {
      lead: [
        'Someone registered a Signet account with this address. An account that never confirmed',
        'the address already holds it. If you registered, open this link to confirm the address:',
        'your new account gets it, and the unconfirmed account is removed.',
      ],
      validity: `The link works for ${confirmationDays} days. If you did not register, ignore this mail.`,
    },
    hu: {
      lead: [
        'Valaki Signet-fiókot regisztrált ezzel a címmel. A címet már egy olyan fiók tartja, amely',
        'sosem erősítette meg. Ha ön regisztrált, a cím megerősítéséhez nyissa meg ezt a hivatkozást:',
        'a cím az új fiókjáé lesz, a meg nem erősített fiók pedig törlődik.',
      ],
      validity: `A hivatkozás ${confirmationDays} napig érvényes. Ha nem ön regisztrált, hagyja figyelmen kívül ezt a levelet.`,
    },
  });
}
