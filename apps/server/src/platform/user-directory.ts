import type { AccessTokenClaims, AuthUser, DirectoryUser, UserDirectory } from '#infra/auth-types';
import type { Config } from '#infra/config';
import type { Database } from '#infra/database';
import type { EventBus } from '#infra/event-bus';
import { AppError } from '#infra/app-error';
import * as store from './user-store';
import { answerRoles } from './user-service';
import type { UserRow } from './user-table';

function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    roles: answerRoles(row.roles),
    status: row.status,
    locale: row.locale,
  };
}

function toDirectoryUser(row: UserRow): DirectoryUser {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    email: row.email,
    name: name || row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    roles: answerRoles(row.roles),
  };
}

/** Attempts before giving up on a row that keeps appearing and disappearing under us. */
const attempts = 3;

/**
 * Resolves token claims to the user row: by (issuer, subject); else, when the issuer vouches for
 * the e-mail (email_verified), links the row an admin prepared for that address; else creates an
 * ENABLED user with the default roles. An unproven address never takes up a prepared row: the
 * mailed invitation link does that (user-service `acceptInvitation`). Concurrent first requests
 * race on the unique indexes and the loser reads the winner's row, so one account never gets two
 * rows.
 */
export function createUserDirectory(deps: {
  config: Config;
  database: Database;
  events: EventBus;
}): UserDirectory {
  const { config, database } = deps;
  return {
    async resolve(claims: AccessTokenClaims): Promise<AuthUser> {
      const db = database.db;
      const identity = { issuer: claims.issuer, subject: claims.subject };
      for (let i = 0; i < attempts; i++) {
        const known = await store.findUserByIdentity(db, claims.issuer, claims.subject);
        if (known) return toAuthUser(known);
        if (await store.isIdentityDeleted(db, identity)) {
          throw new AppError('UNAUTHORIZED', 'The user of this sign-in account was deleted');
        }
        const holder = await store.findUserByEmail(db, claims.email);
        // A concurrent first request of the same account may have just created it.
        if (holder?.idpIssuer === claims.issuer && holder.idpSubject === claims.subject) {
          return toAuthUser(holder);
        }
        if (holder?.idpSubject != null) {
          throw new AppError(
            'ALREADY_EXISTS',
            `User with e-mail ${claims.email} already exists and is linked to another sign-in account`,
          );
        }
        if (holder) {
          if (!claims.emailVerified) {
            throw new AppError(
              'EMAIL_NOT_CONFIRMED',
              `An administrator prepared a user for ${claims.email}: open the link mailed to that address to take it up`,
            );
          }
          const linked = await store.linkUserByVerifiedEmail(db, {
            ...identity,
            email: claims.email,
          });
          if (linked) return toAuthUser(linked);
          continue;
        }
        const created = await store.insertUser(db, {
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
      const row = await store.findUserByEmail(database.db, email.trim());
      return row ? toDirectoryUser(row) : null;
    },
  };
}
