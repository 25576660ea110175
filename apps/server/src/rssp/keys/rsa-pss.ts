import { constants, createHash, privateEncrypt, randomBytes, type KeyObject } from 'node:crypto';
import type { HashName } from './hash-name';

function mgf1(seed: Buffer, length: number, hash: HashName): Buffer {
  const blocks: Buffer[] = [];
  for (let counter = 0; blocks.length * seed.length < length + seed.length; counter++) {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    blocks.push(createHash(hash).update(seed).update(c).digest());
    if (Buffer.concat(blocks).length >= length) break;
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/**
 * An RSASSA-PSS signature of a digest computed elsewhere (RFC 8017 §8.1.1, EMSA-PSS-ENCODE of
 * §9.1.1 with MGF1 of the same hash): OpenSSL signs PSS only over the message, the CSC signHash
 * gives the digest, so the encoding is done here and the RSA operation is the raw one.
 */
export function signPssDigest(
  key: KeyObject,
  digest: Uint8Array,
  hash: HashName,
  saltLength: number,
): Buffer {
  const modulusBits = key.asymmetricKeyDetails?.modulusLength;
  if (!modulusBits) throw new Error('not an RSA key');
  const emBits = modulusBits - 1;
  const emLength = Math.ceil(emBits / 8);
  const hashLength = digest.length;
  if (emLength < hashLength + saltLength + 2) throw new Error('salt too long for the key');
  const salt = randomBytes(saltLength);
  const h = createHash(hash).update(Buffer.alloc(8)).update(digest).update(salt).digest();
  const db = Buffer.alloc(emLength - hashLength - 1);
  db[db.length - saltLength - 1] = 0x01;
  salt.copy(db, db.length - saltLength);
  const mask = mgf1(h, db.length, hash);
  for (let i = 0; i < db.length; i++) db[i] = (db[i] ?? 0) ^ (mask[i] ?? 0);
  db[0] = (db[0] ?? 0) & (0xff >> (8 * emLength - emBits));
  const em = Buffer.concat([db, h, Buffer.from([0xbc])]);
  const modulusBytes = Math.ceil(modulusBits / 8);
  const input = Buffer.concat([Buffer.alloc(modulusBytes - em.length), em]);
  return privateEncrypt({ key, padding: constants.RSA_NO_PADDING }, input);
}
