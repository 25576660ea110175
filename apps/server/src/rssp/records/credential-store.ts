import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CredentialStatus, credentialSortFields } from '@signet/contracts/credentials';
import { type Db, type Tx, containing } from '#infra/database';
import {
  certificateAuthority,
  credentials,
  type CaId,
  type CredentialRow,
  type NewCredentialRow,
} from './credential-table';
import { revokeCredentialCertificates } from './credential-revocation';

type Handle = Db | Tx;
export type CredentialSortField = (typeof credentialSortFields)[number];

export interface CredentialListOptions {
  userId: string | undefined;
  status: CredentialStatus | undefined;
  q: string | undefined;
  offset: number;
  limit: number;
  sortField: CredentialSortField;
  sortOrder: 'asc' | 'desc';
}

/** What `q` searches, in one lower-case text (trigram index credentials_search). */
const searchable = sql`lower(${credentials.description} || ' ' || ${credentials.userEmail} || ' ' || ${credentials.userName} || ' ' || ${credentials.keyAlg} || ' ' || coalesce(${credentials.certificateSerialNumber}, ''))`;

function listCondition(options: CredentialListOptions): SQL | undefined {
  const term = options.q?.trim();
  const pattern = term ? containing(term) : undefined;
  return and(
    options.userId ? eq(credentials.userId, options.userId) : undefined,
    options.status ? eq(credentials.status, options.status) : undefined,
    pattern ? sql`${searchable} like lower(${pattern})` : undefined,
  );
}

function orderBy(field: CredentialSortField, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const column = {
    description: sql`lower(${credentials.description})`,
    status: credentials.status,
    createdAt: credentials.createdAt,
    keyPurpose: credentials.keyPurpose,
    authMode: credentials.authMode,
    keyAlg: credentials.keyAlg,
    email: sql`lower(${credentials.userEmail})`,
  }[field];
  return [dir(column), dir(credentials.createdAt), dir(credentials.id)];
}

export async function insertCredential(
  db: Handle,
  values: NewCredentialRow,
): Promise<CredentialRow> {
  const [row] = await db.insert(credentials).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findCredential(db: Handle, id: string): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(credentials).where(eq(credentials.id, id));
  return row;
}

/** Reads the row and locks it until the transaction ends. */
export async function lockCredential(tx: Tx, id: string): Promise<CredentialRow | undefined> {
  const [row] = await tx.select().from(credentials).where(eq(credentials.id, id)).for('update');
  return row;
}

export async function listCredentials(
  db: Handle,
  options: CredentialListOptions,
): Promise<{ rows: CredentialRow[]; total: number }> {
  const where = listCondition(options);
  const rows = await db
    .select()
    .from(credentials)
    .where(where)
    .orderBy(...orderBy(options.sortField, options.sortOrder))
    .offset(options.offset)
    .limit(options.limit);
  const [total] = await db.select({ n: count() }).from(credentials).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function listActivatedCredentials(
  db: Handle,
  userId: string,
): Promise<CredentialRow[]> {
  return db
    .select()
    .from(credentials)
    .where(and(eq(credentials.userId, userId), eq(credentials.status, 'ACTIVATED')))
    .orderBy(desc(credentials.createdAt));
}

export async function updateCredential(
  db: Handle,
  id: string,
  values: Partial<Omit<NewCredentialRow, 'id'>>,
): Promise<CredentialRow | undefined> {
  const [row] = await db
    .update(credentials)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(credentials.id, id))
    .returning();
  return row;
}

/**
 * Destroys every credential of a user, wrapped keys included, and revokes the certificates the
 * embedded CA issued them, in the caller's transaction; how many there were.
 */
export async function deleteCredentialsOfUser(tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .delete(credentials)
    .where(eq(credentials.userId, userId))
    .returning({ id: credentials.id, certChain: credentials.certChain });
  await revokeCredentialCertificates(
    tx,
    rows.map((r) => r.certChain),
  );
  return rows.length;
}

export async function deleteCredential(db: Handle, id: string): Promise<boolean> {
  const rows = await db
    .delete(credentials)
    .where(eq(credentials.id, id))
    .returning({ id: credentials.id });
  return rows.length > 0;
}

/** The row of one of the embedded CAs: the classical root, or its post-quantum sibling. */
export async function findCertificateAuthority(db: Handle, id: CaId = 'embedded') {
  const [row] = await db.select().from(certificateAuthority).where(eq(certificateAuthority.id, id));
  return row;
}

/** Every embedded CA there is (the post-quantum one once an SLH-DSA key was certified). */
export async function listCertificateAuthorities(db: Handle) {
  return db.select().from(certificateAuthority).orderBy(certificateAuthority.id);
}

/** Inserts a CA unless another instance did first; returns the row that won. */
export async function insertCertificateAuthority(
  db: Handle,
  values: { certificatePem: string; wrappedKey: string },
  id: CaId = 'embedded',
) {
  await db
    .insert(certificateAuthority)
    .values({ id, ...values })
    .onConflictDoNothing();
  return findCertificateAuthority(db, id);
}

/**
 * The rSSP's record of key use: `unwraps` more unwrappings of the private key for signing and
 * `signatures` more signatures made with it.
 */
export async function countKeyUse(
  db: Handle,
  id: string,
  use: { unwraps: number; signatures: number },
): Promise<void> {
  await db
    .update(credentials)
    .set({
      keyUnwrapCount: sql`${credentials.keyUnwrapCount} + ${use.unwraps}`,
      signatureCount: sql`${credentials.signatureCount} + ${use.signatures}`,
      lastUsedAt: new Date(),
    })
    .where(eq(credentials.id, id));
}
