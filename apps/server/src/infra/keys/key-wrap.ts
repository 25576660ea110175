import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, scrypt } from 'node:crypto';
import { z } from 'zod';
import { type Kek, type KeyRing, KekError } from './kek';

/**
 * Key wrapping (docs/key-custody.md). Every wrapped key is AES-256-GCM ciphertext, bound by its
 * additional data to one credential and one purpose, so a blob copied to another row or column
 * does not open.
 *
 * - Under the KEK: the wrapping key is the KEK itself.
 * - Under a secret (key password or PUK): the wrapping key is
 *   HKDF-SHA256(scrypt(secret, salt) ‖ KEK, salt, info), so a database dump alone cannot be
 *   brute-forced (the KEK is not in the database), and the KEK alone does not open it either.
 */

const scryptParamsSchema = z.object({
  logN: z.number().int().min(10).max(22),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(16),
  salt: z.string(),
});
const wrappedSchema = z.object({
  v: z.literal(1),
  kek: z.string(),
  kdf: scryptParamsSchema.optional(),
  iv: z.string(),
  ct: z.string(),
});
type Wrapped = z.infer<typeof wrappedSchema>;
export type ScryptParams = z.infer<typeof scryptParamsSchema>;

const r = 8;
const p = 1;

function scryptAsync(
  secret: string,
  salt: Buffer,
  logN: number,
  rr: number,
  pp: number,
): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, 32, { N, r: rr, p: pp, maxmem: 256 * N * rr * pp }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function parse(blob: string): Wrapped {
  return wrappedSchema.parse(JSON.parse(blob));
}

function kekOf(ring: KeyRing, id: string): Kek {
  const kek = ring.find(id);
  if (!kek) {
    throw new KekError(
      `wrapped under key-encryption key ${id}, which is not configured (KEY_ENCRYPTION_KEY / _PREVIOUS)`,
    );
  }
  return kek;
}

function seal(key: Buffer, plaintext: Buffer, aad: string): { iv: string; ct: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64'), ct: ct.toString('base64') };
}

/** Opens a sealed blob; null when the key is wrong (the GCM tag does not verify). */
function open(key: Buffer, wrapped: Wrapped, aad: string): Buffer | null {
  const ct = Buffer.from(wrapped.ct, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(wrapped.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(ct.subarray(ct.length - 16));
  try {
    return Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]);
  } catch {
    return null;
  }
}

async function secretKey(
  kek: Kek,
  secret: string,
  kdf: ScryptParams,
  aad: string,
): Promise<Buffer> {
  const salt = Buffer.from(kdf.salt, 'base64');
  const stretched = await scryptAsync(secret, salt, kdf.logN, kdf.r, kdf.p);
  const ikm = Buffer.concat([stretched, kek.key]);
  // The label predates the move from the rSSP to infra; keys already wrapped depend on it.
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, `signet/rssp/key-wrap/v1|${aad}`, 32));
  stretched.fill(0);
  ikm.fill(0);
  return key;
}

/** Wraps `plaintext` under the current KEK. */
export function wrapWithKek(ring: KeyRing, plaintext: Buffer, aad: string): string {
  const wrapped: Wrapped = {
    v: 1,
    kek: ring.current.id,
    ...seal(ring.current.key, plaintext, aad),
  };
  return JSON.stringify(wrapped);
}

/** Unwraps a KEK-wrapped blob; throws when it does not open (wrong KEK or tampering). */
export function unwrapWithKek(ring: KeyRing, blob: string, aad: string): Buffer {
  const wrapped = parse(blob);
  if (wrapped.kdf) throw new KekError('this blob is wrapped under a secret');
  const plaintext = open(kekOf(ring, wrapped.kek).key, wrapped, aad);
  if (!plaintext)
    throw new KekError(`blob ${aad} does not open under key-encryption key ${wrapped.kek}`);
  return plaintext;
}

/** Wraps `plaintext` under HKDF(scrypt(secret) ‖ KEK). */
export async function wrapWithSecret(options: {
  ring: KeyRing;
  plaintext: Buffer;
  secret: string;
  aad: string;
  logN: number;
}): Promise<string> {
  const kdf: ScryptParams = { logN: options.logN, r, p, salt: randomBytes(16).toString('base64') };
  const key = await secretKey(options.ring.current, options.secret, kdf, options.aad);
  try {
    const wrapped: Wrapped = {
      v: 1,
      kek: options.ring.current.id,
      kdf,
      ...seal(key, options.plaintext, options.aad),
    };
    return JSON.stringify(wrapped);
  } finally {
    key.fill(0);
  }
}

/** Unwraps a secret-wrapped blob; null when the secret is wrong. */
export async function unwrapWithSecret(options: {
  ring: KeyRing;
  blob: string;
  secret: string;
  aad: string;
}): Promise<Buffer | null> {
  const wrapped = parse(options.blob);
  if (!wrapped.kdf) throw new KekError('this blob is not wrapped under a secret');
  const key = await secretKey(
    kekOf(options.ring, wrapped.kek),
    options.secret,
    wrapped.kdf,
    options.aad,
  );
  try {
    return open(key, wrapped, options.aad);
  } finally {
    key.fill(0);
  }
}

/** The KEK id a blob was wrapped under (rotation reporting). */
export function wrappedKekId(blob: string): string {
  return parse(blob).kek;
}
