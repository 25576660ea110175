import type {
  AccessTokenClaims,
  AuthUser,
  DirectoryUser,
  OnEmailConfirmed,
  UserDirectory,
} from '#infra/auth-types';
import type { Config } from '#infra/config';
import type { Database, EventBus } from '#infra/database';
import { AppError } from '#infra/app-error';
import * as store from './user-store';
import { answerRoles } from './user-service';
import type { UserRow } from './user-table';

/** First and last name, or the e-mail when there are none. */
const nameOf = (row: UserRow) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;

function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    name: nameOf(row),
    roles: answerRoles(row.roles),
    status: row.status,
    locale: row.locale,
    emailConfirmed: row.emailConfirmedAt !== null,
  };
}

function toDirectoryUser(row: UserRow): DirectoryUser {
  return {
    id: row.id,
    email: row.email,
    name: nameOf(row),
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    roles: answerRoles(row.roles),
    emailConfirmed: row.emailConfirmedAt !== null,
    locale: row.locale,
    mailPreference: row.mailPreference,
  };
}

/** Attempts before giving up on a row that keeps appearing and disappearing under us. */
const attempts = 3;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Resolves token claims to the user row: by (issuer, subject); else, when the issuer vouches for
 * the e-mail (email_verified), links the row an admin prepared for that address; else creates an
 * ENABLED user with the default roles, its address confirmed only when the issuer vouches for it.
 * An unproven address never takes up a prepared row (the mailed invitation link does that,
 * user-service `acceptInvitation`) nor an address another user proved; unconfirmed rows may share
 * an address, since nothing addressed to it reaches them (docs/decisions/020-confirmed-addresses.md).
 * Concurrent first requests race on the unique indexes and the loser reads the winner's row, so
 * one account never gets two rows.
 */
export function createUserDirectory(deps: {
  config: Config;
  database: Database;
  events: EventBus;
  /** What waits for an address reaches the user when it becomes confirmed (the rDSS's entries). */
  onEmailConfirmed: OnEmailConfirmed;
}): UserDirectory {
  const { config, database, onEmailConfirmed } = deps;

  /** Confirms the row's address and hands it what waited for it, in one transaction. */
  const confirmRow = async (row: UserRow): Promise<UserRow> =>
    database.db.transaction(async (tx) => {
      const confirmed = await store.confirmUserEmail(tx, row.id);
      if (!confirmed) return row;
      await onEmailConfirmed(tx, { id: confirmed.id, email: confirmed.email });
      return confirmed;
    });

  return {
    async resolve(claims: AccessTokenClaims): Promise<AuthUser> {
      const db = database.db;
      const identity = { issuer: claims.issuer, subject: claims.subject };
      for (let i = 0; i < attempts; i++) {
        const known = await store.findUserByIdentity(db, claims.issuer, claims.subject);
        if (known) {
          // The issuer vouches for the address now (an external issuer's claim, or a token
          // renewed after the embedded provider's link): the row counts it from now on.
          if (
            claims.emailVerified &&
            known.emailConfirmedAt === null &&
            sameAddress(known.email, claims.email)
          ) {
            return toAuthUser(await confirmRow(known));
          }
          return toAuthUser(known);
        }
        if (await store.isIdentityDeleted(db, identity)) {
          throw new AppError('UNAUTHORIZED', 'The user of this sign-in account was deleted');
        }
        const prepared = await store.findPreparedUserByEmail(db, claims.email);
        if (prepared) {
          if (!claims.emailVerified) {
            throw new AppError(
              'EMAIL_NOT_CONFIRMED',
              `An administrator prepared a user for ${claims.email}: open the link mailed to that address to take it up`,
            );
          }
          const linked = await db.transaction(async (tx) => {
            const row = await store.linkUserByVerifiedEmail(tx, {
              ...identity,
              email: claims.email,
            });
            if (row) await onEmailConfirmed(tx, { id: row.id, email: row.email });
            return row;
          });
          if (linked) return toAuthUser(linked);
          continue;
        }
        const owner = claims.emailVerified
          ? await store.findConfirmedUserByEmail(db, claims.email)
          : undefined;
        if (owner) {
          // A first call of this very sign-in that ran beside this one made the row just now
          // (a new user's first page asks several things at once): read it as known.
          if (owner.idpIssuer === claims.issuer && owner.idpSubject === claims.subject) continue;
          throw new AppError(
            'ALREADY_EXISTS',
            `User with e-mail ${claims.email} already exists and is linked to another sign-in account`,
          );
        }
        const created = await db.transaction(async (tx) => {
          const row = await store.insertUser(tx, {
            email: claims.email,
            firstName: claims.givenName,
            lastName: claims.familyName,
            roles: [...config.DEFAULT_USER_ROLES],
            status: 'ENABLED',
            locale: 'EN',
            verified: false,
            verificationMandatory: false,
            idpIssuer: claims.issuer,
            idpSubject: claims.subject,
            emailConfirmedAt: claims.emailVerified ? new Date() : null,
          });
          if (row?.emailConfirmedAt) await onEmailConfirmed(tx, { id: row.id, email: row.email });
          return row;
        });
        if (created) return toAuthUser(created);
      }
      throw new AppError('SERVER_ERROR', 'Could not resolve the signed-in user');
    },
    async find(id: string): Promise<DirectoryUser | null> {
      const row = await store.findUserById(database.db, id);
      return row ? toDirectoryUser(row) : null;
    },
    async findMany(ids: readonly string[]): Promise<Map<string, DirectoryUser>> {
      const rows = await store.findUsersByIds(database.db, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, toDirectoryUser(row)]));
    },
    async findByEmail(email: string): Promise<DirectoryUser | null> {
      const row = await store.findConfirmedUserByEmail(database.db, email.trim());
      return row ? toDirectoryUser(row) : null;
    },
    async confirmIdentityEmail(identity, email): Promise<void> {
      const row = await store.findUserByIdentity(database.db, identity.issuer, identity.subject);
      if (row && row.emailConfirmedAt === null && sameAddress(row.email, email)) {
        await confirmRow(row);
      }
    },
  };
}
