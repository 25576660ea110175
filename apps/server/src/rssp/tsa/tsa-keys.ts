import { randomUUID } from 'node:crypto';
import { desc, gt, sql } from 'drizzle-orm';
import { fromPem, parseCertificate, toPem } from '@signet/der';
import type { Database } from '#infra/database';
import type { Config } from '#infra/config';
import { type KeyRing, unwrapWithKek, wrapWithKek } from '#infra/keys';
import { encodeDistinguishedName, createSigner, generateKey, type KeySpec, tsaAad } from '../keys';
import { loadEmbeddedCa } from '../ca';
import { tsaKeys, type TsaKeyRow } from '../records';
import type { TsaSigningKey } from './tsa-token';

const dayMs = 86_400_000;
/** The TSA's key: EC P-256, signing ECDSA with SHA-256 (small tokens, fast to make). */
const tsaKeySpec: KeySpec = { keyAlg: 'ec', curve: 'secp256r1' };
/**
 * A TSA certificate is valid two years and its key signs during the first only, so every token
 * still has a year of its certificate's validity to be checked in (longer with B-LTA).
 */
const certificateDays = 730;
const useDays = 365;
/**
 * Serials are handed out in blocks: one `nextval` of `rssp.tsa_serials` gives this process the
 * serials `block × serialBlock …` up to the next block's, so serials are unique across instances
 * and restarts (a sequence never gives a value twice) without a statement per token.
 */
const serialBlock = 1024n;
/** Advisory lock key under which one instance at a time makes a TSA key. */
const tsaKeyLock = 0x5169_7a01;

export const tsaName = 'Signet Time-Stamping Authority';

/** A TSA key ready to sign: its certificate chain and its row's wrapped key. */
export interface TsaKey extends Omit<TsaSigningKey, 'sign'> {
  id: string;
  useUntil: Date;
  /** Unwraps the key for one signature (as the CA's: never kept clear in memory). */
  sign(data: Uint8Array): Buffer;
}

/**
 * The embedded TSA's current key, read once and kept (a certificate and a wrapped key, nothing
 * secret in clear) until its `use_until`; then the newest from the database, or a new one issued
 * by the embedded CA (created here on first use, whatever CA_MODE says). Instances take turns
 * making one, so two never renew at once.
 */
export function createTsaKeys(options: {
  database: Database;
  ring: KeyRing;
  /** Where the CA's OCSP responder and CRL are, named in the TSA's certificate (decision 037). */
  config: Pick<Config, 'RSSP_API_URL' | 'publicUrl'>;
}) {
  const { database, ring, config } = options;
  let current: Promise<TsaKey> | undefined;
  let serials: { next: bigint; end: bigint } | undefined;
  let block: Promise<bigint> | undefined;
  let lastBlock = -1n;

  const toKey = (row: TsaKeyRow): TsaKey => {
    const chain = fromPem(row.certificatePem, 'CERTIFICATE');
    const [first] = chain;
    if (!first) throw new Error('the TSA certificate is unreadable');
    // Fails now, not at the first token, when the KEK is not the one the key was wrapped with.
    unwrapWithKek(ring, row.wrappedKey, tsaAad(row.id)).fill(0);
    return {
      id: row.id,
      useUntil: row.useUntil,
      certificate: parseCertificate(first),
      chain,
      sign: (data) => {
        const pkcs8 = unwrapWithKek(ring, row.wrappedKey, tsaAad(row.id));
        try {
          return createSigner(tsaKeySpec, pkcs8).sign(data);
        } finally {
          pkcs8.fill(0);
        }
      },
    };
  };

  const usable = async (): Promise<TsaKeyRow | undefined> => {
    const [row] = await database.db
      .select()
      .from(tsaKeys)
      .where(gt(tsaKeys.useUntil, new Date()))
      .orderBy(desc(tsaKeys.createdAt))
      .limit(1);
    return row;
  };

  const issue = async (): Promise<TsaKeyRow> => {
    const ca = await loadEmbeddedCa({ database, ring, config });
    const key = await generateKey(tsaKeySpec);
    try {
      const now = Date.now();
      const notAfter = new Date(now + certificateDays * dayMs);
      const chain = await ca.issueTimeStamping({
        subject: encodeDistinguishedName({ commonName: tsaName, organization: 'Signet' }),
        spki: key.spki,
        notAfter,
      });
      const id = randomUUID();
      const [row] = await database.db
        .insert(tsaKeys)
        .values({
          id,
          certificatePem: chain.map((der) => toPem('CERTIFICATE', der)).join(''),
          wrappedKey: wrapWithKek(ring, key.pkcs8, tsaAad(id)),
          notAfter,
          useUntil: new Date(now + useDays * dayMs),
        })
        .returning();
      if (!row) throw new Error('the TSA key could not be stored');
      return row;
    } finally {
      key.pkcs8.fill(0);
    }
  };

  const takeBlock = async (): Promise<bigint> => {
    const result = (await database.db.execute(
      sql`select nextval('rssp.tsa_serials')::text as block`,
    )) as unknown as { rows: { block: string }[] };
    const taken = result.rows[0]?.block;
    if (taken === undefined) throw new Error('no TSA serial block');
    return BigInt(taken);
  };

  const load = async (): Promise<TsaKey> => {
    const found = await usable();
    if (found) return toKey(found);
    return toKey(await database.withLock(tsaKeyLock, async () => (await usable()) ?? issue()));
  };

  return {
    /** The key to sign with now (made or renewed when due). */
    async current(): Promise<TsaKey> {
      const pending = current ?? (current = load());
      try {
        const key = await pending;
        if (key.useUntil.getTime() > Date.now()) return key;
      } catch (error) {
        if (current === pending) current = undefined;
        throw error;
      }
      if (current === pending) current = load();
      return current;
    },
    /** The next TSTInfo serial number, unique across instances (blocks of a database sequence). */
    async nextSerial(): Promise<bigint> {
      for (;;) {
        if (serials && serials.next < serials.end) return serials.next++;
        // Callers meanwhile wait for the same block rather than each taking one; a block is
        // applied once (the sequence rises, so a later block is a larger number).
        const taking = block ?? (block = takeBlock().finally(() => (block = undefined)));
        const taken = await taking;
        if (taken > lastBlock) {
          lastBlock = taken;
          serials = { next: taken * serialBlock, end: (taken + 1n) * serialBlock };
        }
      }
    },
  };
}

export type TsaKeys = ReturnType<typeof createTsaKeys>;
