import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { UserSortField } from '@signet/contracts/users';
import type { SignInIdentity } from '#infra/auth-types';
import {
  builtQueries,
  statementName,
  type Db,
  type Tx,
  containing,
  startingWith,
} from '#infra/database';
import {
  deletedIdentities,
  userInvitations,
  users,
  type NewUserRow,
  type UserRow,
} from './user-table';

type Handle = Db | Tx;

export interface UserListOptions {
  q: string | undefined;
  offset: number;
  limit: number;
  sortField: UserSortField;
  sortOrder: 'asc' | 'desc';
}

/** True when `error` (or the driver error Drizzle wraps) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const lowerEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;
const fullName = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** E-mail and name in one lower-case text: what `q` searches (trigram index users_search). */
const searchable = sql`lower(${users.email} || ' ' || coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

function searchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  return sql`${searchable} like lower(${containing(term)})`;
}

function orderBy(field: UserSortField, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const byEmail = dir(sql`lower(${users.email})`);
  switch (field) {
    case 'id':
      return [dir(users.id)];
    case 'name':
      return [dir(fullName), byEmail, dir(users.id)];
    case 'status':
      return [dir(users.status), dir(fullName), dir(users.id)];
    case 'email':
      return [byEmail, dir(users.id)];
    case 'createdAt':
      return [dir(users.createdAt), dir(users.id)];
  }
}

/** Every list page names its people: the query is built once, for any number of ids. */
const usersByIds = builtQueries((db) =>
  db
    .select()
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare(statementName('users_by_ids')),
);

export function findUsersByIds(db: Handle, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return usersByIds(db).execute({ ids: [...ids] });
}

/** The user row `condition` picks out, or undefined. */
async function findUserWhere(db: Handle, condition: SQL | undefined): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(condition);
  return row;
}

/** Other services name users by id (a signing trail its chain's creator): built once. */
const userById = builtQueries((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(statementName('user_by_id')),
);

export async function findUserById(db: Handle, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

/** The user whose owner proved this address (any case): the one row an address names. */
export async function findConfirmedUserByEmail(
  db: Handle,
  email: string,
): Promise<UserRow | undefined> {
  return findUserWhere(db, and(lowerEmail(email), isNotNull(users.emailConfirmedAt)));
}

/** The row an admin prepared for this address and nobody has taken up yet. */
export async function findPreparedUserByEmail(
  db: Handle,
  email: string,
): Promise<UserRow | undefined> {
  return findUserWhere(db, and(lowerEmail(email), isNull(users.idpSubject)));
}

/** A confirmed or prepared user of this address: the rows an admin's new address must not clash with. */
export async function findAddressHolder(db: Handle, email: string): Promise<UserRow | undefined> {
  return (await findConfirmedUserByEmail(db, email)) ?? (await findPreparedUserByEmail(db, email));
}

/**
 * Marks the row's address confirmed, unless another row holds it confirmed already (that one
 * proved it first; this row stays unconfirmed for good). Undefined when nothing changed.
 */
export async function confirmUserEmail(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ emailConfirmedAt: sql`now()`, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, id),
        isNull(users.emailConfirmedAt),
        sql`not exists (
          select 1 from platform.users other
          where lower(other.email) = (select lower(own.email) from platform.users own where own.id = ${id})
            and other.email_confirmed_at is not null
        )`,
      ),
    )
    .returning();
  return row;
}

export async function findUserByIdentity(
  db: Handle,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await userByIdentity(db).execute({ issuer, subject });
  return row;
}

/** Every authenticated request resolves its user: the query is built once. */
const userByIdentity = builtQueries((db) =>
  db
    .select()
    .from(users)
    .where(
      and(
        eq(users.idpIssuer, sql.placeholder('issuer')),
        eq(users.idpSubject, sql.placeholder('subject')),
      ),
    )
    .prepare(statementName('user_by_identity')),
);

/**
 * Links the not-yet-linked row with this e-mail to an identity-provider account. Only for an
 * address the issuer has verified: an unproven address binds nothing (see user-directory.ts).
 */
export async function linkUserByVerifiedEmail(
  db: Handle,
  link: SignInIdentity & { email: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      idpIssuer: link.issuer,
      idpSubject: link.subject,
      emailConfirmedAt: sql`now()`,
      updatedAt: new Date(),
    })
    .where(and(lowerEmail(link.email), isNull(users.idpSubject)))
    .returning();
  return row;
}

/** Links the row an invitation named to the identity that opened the link. */
export async function linkUser(
  tx: Tx,
  id: string,
  identity: SignInIdentity,
): Promise<UserRow | undefined> {
  // The link was mailed to the row's address: opening it proves the mailbox.
  return updateUser(tx, id, {
    idpIssuer: identity.issuer,
    idpSubject: identity.subject,
    emailConfirmedAt: new Date(),
  });
}

export async function insertInvitation(
  db: Handle,
  invitation: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(userInvitations).values(invitation);
}

/** Uses up an unexpired invitation; the id of the user it names, or undefined. */
export async function takeInvitation(tx: Tx, tokenHash: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(userInvitations)
    .where(and(eq(userInvitations.tokenHash, tokenHash), gt(userInvitations.expiresAt, sql`now()`)))
    .returning({ userId: userInvitations.userId });
  return row?.userId;
}

export async function deleteInvitationsOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(userInvitations).where(eq(userInvitations.userId, userId));
}

export async function isIdentityDeleted(db: Handle, identity: SignInIdentity): Promise<boolean> {
  const rows = await db
    .select({ subject: deletedIdentities.idpSubject })
    .from(deletedIdentities)
    .where(
      and(
        eq(deletedIdentities.idpIssuer, identity.issuer),
        eq(deletedIdentities.idpSubject, identity.subject),
      ),
    );
  return rows.length > 0;
}

export async function recordDeletedIdentity(tx: Tx, identity: SignInIdentity): Promise<void> {
  await tx
    .insert(deletedIdentities)
    .values({ idpIssuer: identity.issuer, idpSubject: identity.subject })
    .onConflictDoNothing();
}

export async function forgetDeletedIdentity(tx: Tx, identity: SignInIdentity): Promise<void> {
  await tx
    .delete(deletedIdentities)
    .where(
      and(
        eq(deletedIdentities.idpIssuer, identity.issuer),
        eq(deletedIdentities.idpSubject, identity.subject),
      ),
    );
}

/** Inserts a user; undefined when the e-mail or identity is taken. */
export async function insertUser(db: Handle, values: NewUserRow): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listUsers(
  db: Handle,
  options: UserListOptions,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = searchCondition(options.q);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...orderBy(options.sortField, options.sortOrder))
    .limit(options.limit)
    .offset(options.offset);
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function listEnabledUsers(
  db: Handle,
  options: { q: string | undefined; limit: number },
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.status, 'ENABLED'), searchCondition(options.q)))
    .orderBy(sql`lower(${users.email})`, users.id)
    .limit(options.limit);
}

/**
 * A chain creator's recipient search (issue 25 §7): enabled users whose address is `q` exactly or
 * starts with it, or whose name contains it; never a match inside someone else's address (`@`
 * or a domain would list everyone there). The route makes `q` at least three characters.
 */
export async function findRecipients(
  db: Handle,
  options: { q: string; limit: number },
): Promise<UserRow[]> {
  const term = options.q.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.status, 'ENABLED'),
        sql`(lower(${users.email}) like ${startingWith(term)} or ${fullName} like ${containing(term)})`,
      ),
    )
    .orderBy(sql`lower(${users.email}) <> ${term}`, sql`lower(${users.email})`, users.id)
    .limit(options.limit);
}

export async function countUsers(db: Handle): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}

/** Locks the row for the rest of the transaction (read-check-write without lost updates). */
export async function lockUser(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function updateUser(
  db: Handle,
  id: string,
  patch: Partial<Omit<NewUserRow, 'id' | 'createdAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUser(db: Handle, id: string): Promise<UserRow | undefined> {
  const [row] = await db.delete(users).where(eq(users.id, id)).returning();
  return row;
}
