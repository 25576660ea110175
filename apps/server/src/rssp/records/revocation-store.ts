import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { builtQueries, statementName, type Db, type Tx } from '#infra/database';
import { crls, issuedCertificates } from './revocation-table';

type Handle = Db | Tx;

export type IssuedCertificateRow = typeof issuedCertificates.$inferSelect;
export type CrlRow = typeof crls.$inferSelect;

/**
 * Records a certificate the embedded CA issued (again: nothing changes). Answers the new record,
 * undefined when its issuer and serial were recorded already.
 */
export async function recordIssued(
  db: Handle,
  values: { issuerKeyHash: string; serial: string; certificateSha256: string; notAfter: Date },
): Promise<IssuedCertificateRow | undefined> {
  const [row] = await db
    .insert(issuedCertificates)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Every signature's validation data reads its certificates' records: built once, any count. */
const issuedByHashes = builtQueries((db) =>
  db
    .select()
    .from(issuedCertificates)
    .where(
      and(
        sql`${issuedCertificates.certificateSha256} = any(${sql.placeholder('hashes')}::text[])`,
        eq(issuedCertificates.issuerKeyHash, sql.placeholder('issuer')),
      ),
    )
    .prepare(statementName('issued_by_hashes')),
);

/** The records of this issuer's certificates with these SHA-256 hashes (hex), by hash. */
export async function findIssuedByHashes(
  db: Handle,
  issuerKeyHash: string,
  hashes: string[],
): Promise<Map<string, IssuedCertificateRow>> {
  if (hashes.length === 0) return new Map();
  const rows = await issuedByHashes(db).execute({ hashes, issuer: issuerKeyHash });
  return new Map(rows.map((row) => [row.certificateSha256, row]));
}

export async function findIssued(
  db: Handle,
  issuerKeyHash: string,
  serial: string,
): Promise<IssuedCertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(issuedCertificates)
    .where(
      and(
        eq(issuedCertificates.issuerKeyHash, issuerKeyHash),
        eq(issuedCertificates.serial, serial),
      ),
    );
  return row;
}

/** Which of these certificate hashes are recorded already. */
export async function recordedHashes(db: Handle, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ hash: issuedCertificates.certificateSha256 })
    .from(issuedCertificates)
    .where(inArray(issuedCertificates.certificateSha256, hashes));
  return new Set(rows.map((r) => r.hash));
}

/**
 * Revokes the issued certificates with these SHA-256 hashes that are not revoked yet, and marks
 * their CA's CRL stale so the next request makes a new one. Answers how many were revoked.
 */
export async function revokeByHash(
  tx: Tx,
  hashes: string[],
  reason: number,
  at: Date,
): Promise<number> {
  if (hashes.length === 0) return 0;
  const revoked = await tx
    .update(issuedCertificates)
    .set({ revokedAt: at, revocationReason: reason })
    .where(
      and(
        inArray(issuedCertificates.certificateSha256, hashes),
        isNull(issuedCertificates.revokedAt),
      ),
    )
    .returning({ issuerKeyHash: issuedCertificates.issuerKeyHash });
  const issuers = [...new Set(revoked.map((r) => r.issuerKeyHash))];
  if (issuers.length > 0)
    await tx.update(crls).set({ stale: true }).where(inArray(crls.issuerKeyHash, issuers));
  return revoked.length;
}

/** The revoked certificates of an issuer that have not expired by `at`, in serial order. */
export async function listRevoked(
  db: Handle,
  issuerKeyHash: string,
  at: Date,
): Promise<IssuedCertificateRow[]> {
  return db
    .select()
    .from(issuedCertificates)
    .where(
      and(
        eq(issuedCertificates.issuerKeyHash, issuerKeyHash),
        isNotNull(issuedCertificates.revokedAt),
        gt(issuedCertificates.notAfter, at),
      ),
    )
    .orderBy(issuedCertificates.serial);
}

export async function findCrl(db: Handle, issuerKeyHash: string): Promise<CrlRow | undefined> {
  const [row] = await db.select().from(crls).where(eq(crls.issuerKeyHash, issuerKeyHash));
  return row;
}

/**
 * Takes the CRL row of an issuer for update (creating a placeholder row numbered 0 first), so one
 * instance at a time makes the next CRL.
 */
export async function lockCrl(tx: Tx, issuerKeyHash: string): Promise<CrlRow> {
  await tx
    .insert(crls)
    .values({
      issuerKeyHash,
      crlNumber: 0n,
      der: new Uint8Array(),
      thisUpdate: new Date(0),
      nextUpdate: new Date(0),
      stale: true,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(crls)
    .where(eq(crls.issuerKeyHash, issuerKeyHash))
    .for('update');
  if (!row) throw new Error('the CRL row could not be locked');
  return row;
}

export async function storeCrl(
  tx: Tx,
  values: {
    issuerKeyHash: string;
    crlNumber: bigint;
    der: Uint8Array;
    thisUpdate: Date;
    nextUpdate: Date;
  },
): Promise<void> {
  await tx
    .update(crls)
    .set({ ...values, stale: false })
    .where(eq(crls.issuerKeyHash, values.issuerKeyHash));
}
