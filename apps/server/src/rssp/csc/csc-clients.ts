import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { redirectUriSchema, type CreateCscClient, type CscClient } from '@signet/contracts/csc';
import type { Config } from '#infra/config';
import type { Db } from '#infra/database';
import { AppError } from '#infra/app-error';
import { cscClients } from './csc-table';

/** A CSC client as the OAuth endpoints check it. */
export interface RegisteredClient {
  id: string;
  name: string;
  redirectUris: string[];
  confidential: boolean;
  /** SHA-256 (hex) of the secret of a confidential client. */
  secretHash: string | null;
  fromFile: boolean;
  /** The client address that registered it dynamically (RFC 7591); null: an admin did. */
  registeredFrom: string | null;
  createdAt: Date | null;
}

const fileSchema = z.array(
  z.object({
    clientId: z.string().min(1).max(100),
    name: z.string().min(1).max(200),
    redirectUris: z.array(redirectUriSchema).min(1),
    clientSecret: z.string().min(16).optional(),
  }),
);

export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The clients of CSC_CLIENTS_FILE (read once at start; a bad file stops the start). */
export function loadFileClients(config: Pick<Config, 'CSC_CLIENTS_FILE'>): RegisteredClient[] {
  if (!config.CSC_CLIENTS_FILE) return [];
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(config.CSC_CLIENTS_FILE, 'utf8')));
  if (!parsed.success) throw new Error(`CSC_CLIENTS_FILE: ${parsed.error.message}`);
  return parsed.data.map((c) => ({
    id: c.clientId,
    name: c.name,
    redirectUris: c.redirectUris,
    confidential: c.clientSecret !== undefined,
    secretHash: c.clientSecret === undefined ? null : secretHash(c.clientSecret),
    fromFile: true,
    registeredFrom: null,
    createdAt: null,
  }));
}

export function clientView(client: RegisteredClient): CscClient {
  return {
    clientId: client.id,
    name: client.name,
    redirectUris: client.redirectUris,
    confidential: client.confidential,
    fromFile: client.fromFile,
    createdAt: client.createdAt?.toISOString() ?? null,
  };
}

/** The registry: the file's clients first, then the stored ones. */
export function createClientRegistry(db: Db, fileClients: RegisteredClient[]) {
  const fromRow = (row: typeof cscClients.$inferSelect): RegisteredClient => ({
    id: row.id,
    name: row.name,
    redirectUris: row.redirectUris,
    confidential: row.confidential,
    secretHash: row.secretHash,
    fromFile: false,
    registeredFrom: row.registeredFrom,
    createdAt: row.createdAt,
  });
  return {
    async find(id: string): Promise<RegisteredClient | undefined> {
      const file = fileClients.find((c) => c.id === id);
      if (file) return file;
      const [row] = await db.select().from(cscClients).where(eq(cscClients.id, id));
      return row ? fromRow(row) : undefined;
    },
    async list(): Promise<RegisteredClient[]> {
      const rows = await db.select().from(cscClients).orderBy(desc(cscClients.createdAt));
      return [...fileClients, ...rows.map(fromRow)];
    },
    /**
     * Registers a client; a confidential one gets a secret, answered this once. `registeredFrom`:
     * the client address of a dynamic registration (none when an admin registers it).
     */
    async register(
      input: CreateCscClient,
      registeredFrom: string | null = null,
    ): Promise<{ client: RegisteredClient; clientSecret: string | null }> {
      const id = `csc-${randomBytes(12).toString('base64url')}`;
      const clientSecret = input.confidential ? randomBytes(32).toString('base64url') : null;
      const [row] = await db
        .insert(cscClients)
        .values({
          id,
          name: input.name,
          redirectUris: input.redirectUris,
          confidential: input.confidential,
          secretHash: clientSecret === null ? null : secretHash(clientSecret),
          registeredFrom,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return { client: fromRow(row), clientSecret };
    },
    /** Clients one address registered since `since` (the budget of dynamic registration). */
    async countFromSince(address: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(cscClients)
        .where(and(eq(cscClients.registeredFrom, address), gt(cscClients.createdAt, since)));
      return row?.n ?? 0;
    },
    async remove(id: string): Promise<void> {
      if (fileClients.some((c) => c.id === id)) {
        throw new AppError(
          'INVALID_REQUEST',
          'A client of CSC_CLIENTS_FILE is removed from the file',
        );
      }
      const deleted = await db.delete(cscClients).where(eq(cscClients.id, id)).returning();
      if (deleted.length === 0) throw new AppError('NOT_FOUND', 'CSC client not found');
    },
  };
}
export type ClientRegistry = ReturnType<typeof createClientRegistry>;

/** True when the secret is the confidential client's (constant time). */
export function secretMatches(client: RegisteredClient, secret: string | undefined): boolean {
  if (!client.secretHash || secret === undefined) return false;
  return timingSafeEqual(
    Buffer.from(secretHash(secret), 'hex'),
    Buffer.from(client.secretHash, 'hex'),
  );
}
