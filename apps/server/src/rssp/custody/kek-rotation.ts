import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '#infra/database';
import { certificateAuthority, credentials, tsaKeys } from '../records';
import { type KeyRing, unwrapWithKek, wrapWithKek, wrappedKekId } from '#infra/keys';
import { caAad, tsaAad, wrapAad } from '../keys';

/**
 * After a KEK rotation, moves every blob wrapped under the KEK alone (implicit credentials,
 * credentials not yet activated, the embedded CAs' and TSA's keys) to the current KEK. Each row is updated
 * only if it still holds the blob read (instances starting together do not clash). Blobs under a
 * key password or PUK move when their owner's secret re-wraps them. Returns how many moved.
 */
export async function rewrapKekBlobs(options: {
  database: Database;
  ring: KeyRing;
}): Promise<number> {
  const { database, ring } = options;
  const db = database.db;
  let moved = 0;
  const rows = await db
    .select({ id: credentials.id, wrappedKey: credentials.wrappedKey })
    .from(credentials)
    .where(isNotNull(credentials.wrappedKey));
  for (const row of rows) {
    if (!row.wrappedKey || wrappedKekId(row.wrappedKey) === ring.current.id) continue;
    const aad = wrapAad(row.id, 'kek');
    const key = unwrapWithKek(ring, row.wrappedKey, aad);
    const updated = await db
      .update(credentials)
      .set({ wrappedKey: wrapWithKek(ring, key, aad) })
      .where(and(eq(credentials.id, row.id), eq(credentials.wrappedKey, row.wrappedKey)))
      .returning({ id: credentials.id });
    key.fill(0);
    moved += updated.length;
  }
  // The embedded CA and, once made, its post-quantum sibling.
  for (const ca of await db.select().from(certificateAuthority)) {
    if (wrappedKekId(ca.wrappedKey) === ring.current.id) continue;
    const key = unwrapWithKek(ring, ca.wrappedKey, caAad(ca.id));
    const updated = await db
      .update(certificateAuthority)
      .set({ wrappedKey: wrapWithKek(ring, key, caAad(ca.id)) })
      .where(
        and(eq(certificateAuthority.id, ca.id), eq(certificateAuthority.wrappedKey, ca.wrappedKey)),
      )
      .returning({ id: certificateAuthority.id });
    key.fill(0);
    moved += updated.length;
  }
  for (const tsa of await db.select().from(tsaKeys)) {
    if (wrappedKekId(tsa.wrappedKey) === ring.current.id) continue;
    const key = unwrapWithKek(ring, tsa.wrappedKey, tsaAad(tsa.id));
    const updated = await db
      .update(tsaKeys)
      .set({ wrappedKey: wrapWithKek(ring, key, tsaAad(tsa.id)) })
      .where(and(eq(tsaKeys.id, tsa.id), eq(tsaKeys.wrappedKey, tsa.wrappedKey)))
      .returning({ id: tsaKeys.id });
    key.fill(0);
    moved += updated.length;
  }
  return moved;
}
