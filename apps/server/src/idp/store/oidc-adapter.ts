import { and, eq, isNull, lt, or, gt, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '#infra/database';
import { oidcPayloads } from './idp-schema';

type AdapterClass = new (name: string) => Adapter;

const live = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

/**
 * oidc-provider's storage on PostgreSQL (idp.oidc_payloads): every model (Session, Interaction,
 * Grant, AuthorizationCode, ...) is one row keyed by kind and id, so all server instances on one
 * database share sign-in state. Expired rows read as missing.
 */
export function createOidcAdapter(db: Db): AdapterClass {
  return class PostgresOidcAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values({ kind: this.kind, id, ...row })
        .onConflictDoUpdate({ target: [oidcPayloads.kind, oidcPayloads.id], set: row });
    }

    private async findWhere(condition: SQL | undefined): Promise<AdapterPayload | undefined> {
      const rows = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), condition, live()))
        .limit(1);
      const row = rows[0];
      if (!row) return undefined;
      return {
        ...row.payload,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      } as AdapterPayload;
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
    }

    /**
     * Called once per token model (AccessToken, AuthorizationCode, ...) when a grant is revoked,
     * e.g. on logout: only this kind's rows go. An Interaction also carries the grantId of the
     * session it started in, and must outlive the end of that session when another account signs
     * in mid-interaction (oidc-provider ends the old session, then resumes the interaction).
     */
    async revokeByGrantId(grantId: string): Promise<void> {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.grantId, grantId)));
    }
  };
}

/** Removes rows past their expiry; run now and then by the idp plugin. */
export async function deleteExpiredOidcPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}
