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

/** Attempts before giving up on a row that keeps appearing and disappearing under us. */
const attempts = 3;

/**
 * Resolves token claims to the user row: by (issuer, subject); else links the not-yet-linked row
 * with that e-mail (the first admin, users an admin created); else creates an ENABLED user with
 * the default roles. Concurrent first requests race on the unique indexes and the loser reads
 * the winner's row, so one account never gets two rows.
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
      for (let i = 0; i < attempts; i++) {
        const known = await store.findUserByIdentity(db, claims.issuer, claims.subject);
        if (known) return toAuthUser(known);
        const link = { email: claims.email, issuer: claims.issuer, subject: claims.subject };
        const linked = await store.linkUserByEmail(db, link);
        if (linked) return toAuthUser(linked);
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
        // Lost a race, or the e-mail belongs to a row linked to another account.
        const holder = await store.findUserByEmail(db, claims.email);
        if (holder?.idpSubject != null && !isSameIdentity(holder, claims)) {
          throw new AppError(
            'ALREADY_EXISTS',
            `User with e-mail ${claims.email} already exists and is linked to another sign-in account`,
          );
        }
      }
      throw new AppError('SERVER_ERROR', 'Could not resolve the signed-in user');
    },
    async find(id: string): Promise<DirectoryUser | null> {
      const row = await store.findUserById(database.db, id);
      if (!row) return null;
      const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
      return { id: row.id, email: row.email, name: name || row.email, status: row.status };
    },
  };
}

function isSameIdentity(row: UserRow, claims: AccessTokenClaims): boolean {
  return row.idpIssuer === claims.issuer && row.idpSubject === claims.subject;
}
