import {
  roles as allRoles,
  type CreateUser,
  type EnabledUser,
  type EnabledUsersQuery,
  type Recipient,
  type RecipientsQuery,
  type Role,
  type UpdateSelf,
  type UpdateUser,
  type User,
  type UserListQuery,
  type UserPage,
  type UserStats,
} from '@signet/contracts/users';
import { pageOffset } from '@signet/contracts/paging';
import type { AppContext } from '#infra/app-context';
import { AppError, notFound } from '#infra/app-error';
import type { AccessTokenClaims, AuthUser, SignInIdentity } from '#infra/auth-types';
import type { Tx } from '#infra/database';
import { hashLinkToken, newLinkToken } from '#infra/keys';
import { sendOrUnavailable } from '#infra/mailer';
import { invitationLink, invitationMail } from './invitation-mail';
import { publishLogout } from './user-logout';
import * as store from './user-store';
import type { StoredRole, UserRow } from './user-table';

/** What the user service needs from the app context. */
export type UserServiceContext = Pick<
  AppContext,
  | 'config'
  | 'database'
  | 'events'
  | 'mailer'
  | 'onUserDeleted'
  | 'onUserLoggedOut'
  | 'onEmailConfirmed'
>;

const invitationDays = 7;

/** Every user holds `user`; answers list roles in the contract's order. */
export function answerRoles(stored: readonly string[]): Role[] {
  return allRoles.filter((role) => role === 'user' || stored.includes(role));
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: answerRoles(row.roles),
    status: row.status,
    locale: row.locale,
    verified: row.verified,
    verificationMandatory: row.verificationMandatory,
    createdAt: row.createdAt.toISOString(),
    emailConfirmed: row.emailConfirmedAt !== null,
    mailPreference: row.mailPreference,
  };
}

function toEnabledUser(row: UserRow): EnabledUser {
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName };
}

const alreadyExists = (email: string) =>
  new AppError('ALREADY_EXISTS', `User with e-mail ${email} already exists`);

/** Runs `work` in a transaction; a unique e-mail clash (a lost race) becomes ALREADY_EXISTS. */
async function inTransaction<T>(
  context: UserServiceContext,
  email: string | undefined,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await context.database.db.transaction(work);
  } catch (error) {
    if (email !== undefined && store.isUniqueViolation(error)) throw alreadyExists(email);
    throw error;
  }
}

export function getDefaultRoles(options: { context: UserServiceContext }): StoredRole[] {
  return [...options.context.config.DEFAULT_USER_ROLES];
}

export async function listUsers(options: {
  context: UserServiceContext;
  query: UserListQuery;
}): Promise<UserPage> {
  const { query } = options;
  const { rows, total } = await store.listUsers(options.context.database.db, {
    q: query.q,
    offset: pageOffset(query),
    limit: query['page-size'],
    sortField: query['sort-field'],
    sortOrder: query['sort-order'],
  });
  return { content: rows.map(toUser), total };
}

export async function listEnabledUsers(options: {
  context: UserServiceContext;
  query: EnabledUsersQuery;
}): Promise<{ items: EnabledUser[] }> {
  const rows = await store.listEnabledUsers(options.context.database.db, {
    q: options.query.q,
    limit: options.query.maxResults,
  });
  return { items: rows.map(toEnabledUser) };
}

/** The enabled users a chain's creator may name, found by name or e-mail (never everyone at once). */
export async function listRecipients(options: {
  context: UserServiceContext;
  query: RecipientsQuery;
}): Promise<{ items: Recipient[] }> {
  const rows = await store.findRecipients(options.context.database.db, {
    q: options.query.q,
    limit: options.query.maxResults,
  });
  // Never the roles themselves (issue 25 §7: they tell who the admins are): only what the role
  // toggle needs.
  return {
    items: rows.map((row) => ({
      ...toEnabledUser(row),
      canSign: row.roles.includes('signer'),
      canApprove: row.roles.includes('approver'),
    })),
  };
}

/**
 * A new user starts ENABLED with the default roles and the names the admin typed unless the
 * admin says otherwise (issue 25 §9: a SUSPENDED default greeted them with "Account
 * suspended"), and is
 * mailed the invitation link that binds the row to whoever signs in with it. The mail goes out
 * before the row commits: a mail that cannot be sent leaves no user behind.
 */
export async function createUser(options: {
  context: UserServiceContext;
  input: CreateUser;
}): Promise<User> {
  const { context, input } = options;
  const row = await inTransaction(context, input.email, async (tx) => {
    if (await store.findAddressHolder(tx, input.email)) throw alreadyExists(input.email);
    const created = await store.insertUser(tx, {
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      roles: [...new Set(input.roles ?? getDefaultRoles({ context }))],
      status: input.status ?? 'ENABLED',
      locale: input.locale,
      verified: false,
      verificationMandatory: input.verificationMandatory ?? false,
    });
    if (!created) throw alreadyExists(input.email);
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(Date.now() + invitationDays * 24 * 60 * 60 * 1000);
    await store.insertInvitation(tx, { userId: created.id, tokenHash: hash, expiresAt });
    const link = invitationLink(context.config.publicUrl, token);
    await sendOrUnavailable(
      context.mailer,
      invitationMail({ to: created.email, link, days: invitationDays }),
    );
    return created;
  });
  return toUser(row);
}

/**
 * The person who opened an invitation link takes up the prepared row: it is linked to their
 * sign-in account, whatever address that account has, since reading the mail is the proof.
 */
export async function acceptInvitation(options: {
  context: UserServiceContext;
  claims: AccessTokenClaims;
  token: string;
}): Promise<User> {
  const { context, claims, token } = options;
  const identity = { issuer: claims.issuer, subject: claims.subject };
  const row = await context.database.db.transaction(async (tx) => {
    const userId = await store.takeInvitation(tx, hashLinkToken(token));
    const prepared = userId ? await store.lockUser(tx, userId) : undefined;
    if (!prepared) {
      throw new AppError('NOT_FOUND', 'The invitation link is not valid or has expired');
    }
    if (prepared.idpSubject !== null) {
      if (prepared.idpIssuer === identity.issuer && prepared.idpSubject === identity.subject) {
        return prepared;
      }
      throw new AppError(
        'ALREADY_EXISTS',
        `User with e-mail ${prepared.email} already exists and is linked to another sign-in account`,
      );
    }
    const own = await store.findUserByIdentity(tx, identity.issuer, identity.subject);
    if (own) {
      throw new AppError(
        'INVALID_REQUEST',
        `This sign-in account already belongs to the user ${own.email}; sign in with another account to take up the invitation`,
      );
    }
    await store.deleteInvitationsOf(tx, prepared.id);
    await store.forgetDeletedIdentity(tx, identity);
    const linked = await store.linkUser(tx, prepared.id, identity);
    if (linked) await context.onEmailConfirmed(tx, { id: linked.id, email: linked.email });
    return linked;
  });
  if (!row) throw notFound('User');
  return toUser(row);
}

export async function getUser(options: { context: UserServiceContext; id: string }): Promise<User> {
  const row = await store.findUserById(options.context.database.db, options.id);
  if (!row) throw notFound('User');
  return toUser(row);
}

/**
 * An admin changes a user. Suspending an enabled user publishes LOGOUT for them in the same
 * transaction. Admins cannot suspend themselves or take away their own admin role.
 */
export async function updateUser(options: {
  context: UserServiceContext;
  actor: AuthUser;
  id: string;
  input: UpdateUser;
}): Promise<User> {
  const { context, actor, id, input } = options;
  const isSelf = actor.id === id;
  if (isSelf && input.status === 'SUSPENDED') {
    throw new AppError('INVALID_REQUEST', 'You cannot suspend your own account');
  }
  if (isSelf && input.roles && !input.roles.includes('admin')) {
    throw new AppError('INVALID_REQUEST', 'You cannot remove your own admin role');
  }
  const row = await inTransaction(context, input.email, async (tx) => {
    const current = await store.lockUser(tx, id);
    if (!current) throw notFound('User');
    if (input.email !== undefined) {
      const holder = await store.findAddressHolder(tx, input.email);
      if (holder && holder.id !== id) throw alreadyExists(input.email);
    }
    const updated = await store.updateUser(tx, id, {
      ...input,
      ...(input.roles ? { roles: [...new Set(input.roles)] } : {}),
    });
    if (current.status === 'ENABLED' && input.status === 'SUSPENDED') {
      await publishLogout(context, id, tx);
    }
    return updated;
  });
  if (!row) throw notFound('User');
  return toUser(row);
}

/**
 * An admin deletes a user (never themselves): the user's open streams get LOGOUT, their sign-in
 * identity is remembered so its tokens answer 401 instead of recreating the row, and the other
 * services drop what they hold of the user (keys, sessions) in the same transaction.
 */
export async function deleteUser(options: {
  context: UserServiceContext;
  actor: AuthUser;
  id: string;
}): Promise<void> {
  const { context, actor, id } = options;
  if (actor.id === id) throw new AppError('INVALID_REQUEST', 'You cannot delete your own account');
  await context.database.db.transaction(async (tx) => {
    const row = await store.deleteUser(tx, id);
    if (!row) throw notFound('User');
    const identity =
      row.idpIssuer !== null && row.idpSubject !== null
        ? { issuer: row.idpIssuer, subject: row.idpSubject }
        : null;
    if (identity) await store.recordDeletedIdentity(tx, identity);
    await context.onUserDeleted(tx, { id, identity });
    await publishLogout(context, id, tx);
  });
}

export async function getSelf(options: {
  context: UserServiceContext;
  actor: AuthUser;
}): Promise<User> {
  return getUser({ context: options.context, id: options.actor.id });
}

/** My profile: a user changes their own names, language and mail preference, nothing else. */
export async function updateSelf(options: {
  context: UserServiceContext;
  actor: AuthUser;
  input: UpdateSelf;
}): Promise<User> {
  const { firstName, lastName, locale, mailPreference } = options.input;
  const row = await store.updateUser(options.context.database.db, options.actor.id, {
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
    ...(locale !== undefined ? { locale } : {}),
    ...(mailPreference !== undefined ? { mailPreference } : {}),
  });
  if (!row) throw notFound('User');
  return toUser(row);
}

/**
 * Mails the signed-in user's confirmation link again, through the sign-in provider that owns
 * the account (the embedded one; an external issuer confirms addresses itself).
 */
export async function resendEmailConfirmation(options: {
  context: Pick<AppContext, 'resendEmailConfirmation'>;
  actor: AuthUser;
  identity: SignInIdentity;
}): Promise<void> {
  const { context, actor, identity } = options;
  if (actor.emailConfirmed) {
    throw new AppError('INVALID_REQUEST', 'Your e-mail address is already confirmed');
  }
  if (!context.resendEmailConfirmation) {
    throw new AppError(
      'INVALID_REQUEST',
      'Your sign-in provider confirms your address: confirm it there, then sign in again',
    );
  }
  await context.resendEmailConfirmation(identity);
}

/** Document counts of My dashboard, counted by the document service. */
export function getSelfStats(options: {
  context: AppContext;
  actor: AuthUser;
}): Promise<UserStats> {
  return options.context.chainCounts(options.actor.id);
}
