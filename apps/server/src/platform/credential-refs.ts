import { X509Certificate } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type {
  CredentialRef,
  CredentialRefListQuery,
  CredentialRefPage,
  ExternalProvider,
  ImportCredentialRef,
  ProviderCredential,
} from '@signet/contracts/credential-refs';
import { pageOffset } from '@signet/contracts/paging';
import type { AppContext } from '#infra/app-context';
import { AppError, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import { containing } from '#infra/database';
import { credentialRefs, type CredentialRefRow } from './credential-ref-table';
import * as provider from './csc-provider-client';
import {
  endpointsResolver,
  hasOwnEndpoints,
  loadExternalProviders,
  type ExternalProviderConfig,
} from './external-providers';
import * as sessions from './provider-sessions';
import { users } from './user-table';

/**
 * Imported credentials (P§2, P§7 credentialRefs): references to credentials an external CSC
 * provider holds, each its importer's own; the admin sees every one. The key never leaves the
 * provider: signing asks it for a SAD and the signatures (D§4).
 */
type Ctx = Pick<AppContext, 'database' | 'keyRing' | 'config'>;

/** Imported credentials one user may keep. */
export const maxRefsPerUser = 100;

const pem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;

function keyAlgOf(certificate: X509Certificate): string {
  return certificate.publicKey.asymmetricKeyType ?? 'unknown';
}

function subjectOf(certificate: X509Certificate): string {
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(certificate.subject);
  return cn?.[1] ?? certificate.subject.replace(/\n/g, ', ');
}

/** The provider's authMode as a ref keeps it (D§2). */
const authModeOf = (mode: string | undefined): CredentialRefRow['authMode'] =>
  mode === 'explicit' ? 'EXPLICIT' : mode === 'implicit' ? 'IMPLICIT' : 'OAUTH2CODE';

/** Whether the imported credential `id` is `userId`'s own (a signature profile's check, D§3). */
export async function ownsCredentialRef(
  db: Ctx['database']['db'],
  userId: string,
  id: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: credentialRefs.id })
    .from(credentialRefs)
    .where(and(eq(credentialRefs.id, id), eq(credentialRefs.userId, userId)));
  return row !== undefined;
}

export function createCredentialRefService(ctx: Ctx) {
  const providers = loadExternalProviders(ctx.config);
  const endpoints = endpointsResolver();
  const providerOf = (id: string): ExternalProviderConfig => {
    const found = providers.find((p) => p.id === id);
    if (!found) throw notFound('Provider');
    return found;
  };

  const view = (row: CredentialRefRow, email: string): CredentialRef => {
    const p = providers.find((candidate) => candidate.id === row.providerId);
    return {
      id: row.id,
      userId: row.userId,
      userEmail: email,
      description: row.description,
      provider: row.providerId,
      providerName: p?.name ?? row.providerId,
      providerBaseURL: p?.apiBaseUrl ?? '',
      credentialId: row.credentialId,
      authMode: row.authMode,
      keyAlg: row.keyAlg,
      subjectName: row.subjectName,
      cert: { certificates: row.certificates },
      scal: row.scal,
      createdAt: row.createdAt.toISOString(),
    };
  };

  async function page(where: SQL | undefined, query: CredentialRefListQuery) {
    const db = ctx.database.db;
    const search = query.q?.trim()
      ? or(
          ilike(credentialRefs.description, containing(query.q.trim())),
          ilike(credentialRefs.subjectName, containing(query.q.trim())),
          ilike(users.email, containing(query.q.trim())),
        )
      : undefined;
    const filter = and(where, search);
    const order = query['sort-order'] === 'asc' ? asc : desc;
    const sortColumn =
      query['sort-field'] === 'description' ? credentialRefs.description : credentialRefs.createdAt;
    const rows = await db
      .select({ ref: credentialRefs, email: users.email })
      .from(credentialRefs)
      .innerJoin(users, eq(users.id, credentialRefs.userId))
      .where(filter)
      .orderBy(order(sortColumn), order(credentialRefs.id))
      .limit(query['page-size'])
      .offset(pageOffset(query));
    const [total] = await db
      .select({ n: count() })
      .from(credentialRefs)
      .innerJoin(users, eq(users.id, credentialRefs.userId))
      .where(filter);
    return { content: rows.map((r) => view(r.ref, r.email)), total: total?.n ?? 0 };
  }

  /**
   * The token a ref's provider calls carry: for a SCAL2 ref the credential round's (the login
   * popup with scope=credential and the hashes comes first), else the user's session.
   */
  async function tokenFor(userId: string, p: ExternalProviderConfig, row: CredentialRefRow) {
    if (row.scal !== '2') return sessions.requireSession(ctx, userId, p);
    const token = await sessions.credentialToken(ctx, {
      userId,
      providerId: p.id,
      credentialId: row.credentialId,
    });
    if (!token) {
      throw new AppError('AUTHORIZATION_EXPIRED', `Authorise the hashes at ${p.name} first`, {
        provider: p.id,
        scope: 'credential',
      });
    }
    return token;
  }

  async function ownRef(actor: Pick<AuthUser, 'id'>, id: string): Promise<CredentialRefRow> {
    const [row] = await ctx.database.db
      .select()
      .from(credentialRefs)
      .where(and(eq(credentialRefs.id, id), eq(credentialRefs.userId, actor.id)));
    if (!row) throw notFound('Imported credential');
    return row;
  }

  return {
    /** `GET credentialRefs/providers/web`: the providers, no secrets. */
    async providersForWeb(actor: AuthUser): Promise<ExternalProvider[]> {
      const signedIn = await sessions.signedInProviders(ctx, actor.id);
      return providers.map((p) => ({
        id: p.id,
        name: p.name,
        apiBaseUrl: p.apiBaseUrl,
        signedIn: signedIn.has(p.id),
        proxied: hasOwnEndpoints(p),
      }));
    },

    async startLogin(actor: AuthUser, providerId: string) {
      const p = providerOf(providerId);
      return sessions.startLogin(ctx, {
        userId: actor.id,
        provider: p,
        endpoints: await endpoints(p),
      });
    },

    /**
     * The SCAL2 round of a sign (CSC v2 §8.3.2): the popup's URL at the provider, scope
     * `credential` with the ref's credential and exactly these hashes; its callback keeps the
     * credential's token until the signature.
     */
    async startCredentialRound(actor: AuthUser, id: string, hashes: string[]) {
      const row = await ownRef(actor, id);
      const p = providerOf(row.providerId);
      return sessions.startLogin(ctx, {
        userId: actor.id,
        provider: p,
        endpoints: await endpoints(p),
        round: { credentialId: row.credentialId, hashes },
      });
    },

    async finishLogin(actor: AuthUser, providerId: string, input: { code: string; state: string }) {
      const p = providerOf(providerId);
      return sessions.finishLogin(ctx, {
        userId: actor.id,
        provider: p,
        endpoints: await endpoints(p),
        ...input,
      });
    },

    /** A provider the extproviders proxy serves: configured, with its own endpoints (P§7). */
    proxiedProvider(providerId: string): ExternalProviderConfig {
      const p = providerOf(providerId);
      if (!hasOwnEndpoints(p)) throw notFound('Provider');
      return p;
    },

    async logout(actor: AuthUser, providerId: string): Promise<void> {
      providerOf(providerId);
      await sessions.endSession(ctx, actor.id, providerId);
    },

    /** The provider's credentials of the signed-in user, disabled keys left out (P§2). */
    async providerCredentials(actor: AuthUser, providerId: string): Promise<ProviderCredential[]> {
      const p = providerOf(providerId);
      const token = await sessions.requireSession(ctx, actor.id, p);
      const infos = await provider.listCredentials(p, token);
      const imported = await ctx.database.db
        .select({ credentialId: credentialRefs.credentialId })
        .from(credentialRefs)
        .where(and(eq(credentialRefs.userId, actor.id), eq(credentialRefs.providerId, p.id)));
      const importedIds = new Set(imported.map((r) => r.credentialId));
      return infos
        .filter((info) => info.key.status !== 'disabled')
        .map((info) => {
          const [first] = info.cert.certificates ?? [];
          const certificate = first ? new X509Certificate(Buffer.from(first, 'base64')) : null;
          return {
            credentialId: info.credentialID,
            description: info.description ?? '',
            subjectName: certificate ? subjectOf(certificate) : (info.cert.subjectDN ?? ''),
            keyAlg: certificate ? keyAlgOf(certificate) : 'unknown',
            authMode: authModeOf(info.authMode),
            imported: importedIds.has(info.credentialID),
          };
        });
    },

    /** `POST credentialRefs`: the credential's chain read at the provider and kept with the ref. */
    async importRef(actor: AuthUser, input: ImportCredentialRef): Promise<CredentialRef> {
      const p = providerOf(input.provider);
      const token = await sessions.requireSession(ctx, actor.id, p);
      const [held] = await ctx.database.db
        .select({ n: count() })
        .from(credentialRefs)
        .where(eq(credentialRefs.userId, actor.id));
      if ((held?.n ?? 0) >= maxRefsPerUser) {
        throw new AppError('TOO_MANY_REQUESTS', `At most ${maxRefsPerUser} imported credentials`);
      }
      const info = await provider.credentialInfo(p, token, input.credentialId);
      if (info.key.status === 'disabled') {
        throw new AppError('CREDENTIAL_NOT_ACTIVATED', 'The key is disabled at the provider');
      }
      const chain = info.cert.certificates ?? [];
      const [first] = chain;
      if (!first)
        throw new AppError('EMPTY_CERTIFICATE_CHAIN', 'The credential has no certificate');
      const certificate = new X509Certificate(Buffer.from(first, 'base64'));
      const keyAlg = keyAlgOf(certificate);
      if (keyAlg !== 'rsa' && keyAlg !== 'ec') {
        throw new AppError('INVALID_REQUEST', 'Only RSA and EC keys can be imported');
      }
      const [row] = await ctx.database.db
        .insert(credentialRefs)
        .values({
          userId: actor.id,
          providerId: p.id,
          credentialId: input.credentialId,
          description: (info.description ?? '').slice(0, 255) || subjectOf(certificate),
          authMode: authModeOf(info.authMode),
          keyAlg,
          subjectName: subjectOf(certificate),
          certificates: chain.map(pem),
          scal: info.SCAL === '2' ? '2' : '1',
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('ALREADY_EXISTS', 'This credential is imported already');
      return view(row, actor.email);
    },

    listMine: (actor: AuthUser, query: CredentialRefListQuery): Promise<CredentialRefPage> =>
      page(eq(credentialRefs.userId, actor.id), query),

    listAll: (query: CredentialRefListQuery): Promise<CredentialRefPage> => page(undefined, query),

    async getRef(actor: AuthUser, id: string): Promise<CredentialRef> {
      return view(await ownRef(actor, id), actor.email);
    },

    /** The owner's delete, or an admin's (the Imported credentials list). */
    async deleteRef(actor: AuthUser, id: string): Promise<void> {
      const isAdmin = actor.roles.includes('admin');
      const where = isAdmin
        ? eq(credentialRefs.id, id)
        : and(eq(credentialRefs.id, id), eq(credentialRefs.userId, actor.id));
      const removed = await ctx.database.db.delete(credentialRefs).where(where).returning();
      if (removed.length === 0) throw notFound('Imported credential');
    },

    /** The provider's SAD for exactly these hashes (D§4), with the user's provider session. */
    async authorize(
      actor: Pick<AuthUser, 'id'>,
      id: string,
      input: { hashes: string[]; PIN?: string | undefined; description?: string | undefined },
    ) {
      const row = await ownRef(actor, id);
      const p = providerOf(row.providerId);
      const token = await tokenFor(actor.id, p, row);
      const answer = await provider.authorizeHashes(p, token, {
        credentialId: row.credentialId,
        hashes: input.hashes,
        pin: input.PIN,
        ...(input.description ? { description: input.description } : {}),
      });
      return { sad: answer.SAD, expiresIn: answer.expiresIn ?? p.authorizationTimeoutSecs };
    },

    /** What the rDSS signs with: the ref's chain (DER, end-entity first) and key algorithm. */
    async refForSigning(userId: string, id: string) {
      const row = await ownRef({ id: userId }, id);
      return {
        id: row.id,
        keyAlg: row.keyAlg,
        subjectName: row.subjectName,
        certificates: row.certificates.map((text) => new X509Certificate(text).raw),
      };
    },

    /** The provider's signatures of these SHA-256 hashes, under the SAD it gave. */
    async signHashes(input: { userId: string; id: string; sad: string; hashes: Buffer[] }) {
      const row = await ownRef({ id: input.userId }, input.id);
      const p = providerOf(row.providerId);
      const token = await tokenFor(input.userId, p, row);
      // The SCAL2 round's token signs once.
      const round = { userId: input.userId, providerId: p.id, credentialId: row.credentialId };
      await sessions.dropCredentialToken(ctx, round);
      const signAlgo = row.keyAlg === 'rsa' ? '1.2.840.113549.1.1.11' : '1.2.840.10045.4.3.2';
      const { signatures } = await provider.signHashes(p, token, {
        credentialId: row.credentialId,
        sad: input.sad,
        hashes: input.hashes.map((h) => h.toString('base64')),
        signAlgo,
      });
      if (signatures.length !== input.hashes.length) {
        throw new AppError('SERVICE_UNAVAILABLE', `${p.name} answered too few signatures`);
      }
      return signatures.map((s) => Buffer.from(s, 'base64'));
    },
  };
}

export type CredentialRefService = ReturnType<typeof createCredentialRefService>;
