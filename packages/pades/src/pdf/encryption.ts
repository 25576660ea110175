import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { PdfError } from './errors';
import { PdfDict, PdfString } from './pdf-objects';

/**
 * The PDF standard security handler (ISO 32000-2 §7.6.4): RC4 40/128 (R2–R4), AES-128 (AESV2)
 * and AES-256 (R5/R6, AESV3). Opens the document key from the user or the owner password and
 * encrypts or decrypts strings and streams with the per-object keys.
 */
export interface SecurityHandler {
  decryptString(bytes: Uint8Array, num: number, gen: number): Uint8Array;
  decryptStream(bytes: Uint8Array, num: number, gen: number): Uint8Array;
  encryptString(bytes: Uint8Array, num: number, gen: number): Uint8Array;
  encryptStream(bytes: Uint8Array, num: number, gen: number): Uint8Array;
}

type CryptMethod = 'None' | 'RC4' | 'AESV2' | 'AESV3';

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 0xff;
    const t = s[i] as number;
    s[i] = s[j] as number;
    s[j] = t;
  }
  const out = new Uint8Array(data.length);
  let a = 0;
  let b = 0;
  for (let k = 0; k < data.length; k++) {
    a = (a + 1) & 0xff;
    b = (b + (s[a] as number)) & 0xff;
    const t = s[a] as number;
    s[a] = s[b] as number;
    s[b] = t;
    out[k] = (data[k] as number) ^ (s[((s[a] as number) + (s[b] as number)) & 0xff] as number);
  }
  return out;
}

const md5 = (...parts: Uint8Array[]): Buffer => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

function aesDecrypt(key: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length < 32 || data.length % 16 !== 0) return new Uint8Array(0);
  const bits = key.length * 8;
  const decipher = createDecipheriv(`aes-${bits}-cbc`, key, data.subarray(0, 16));
  return Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
}

function aesEncrypt(key: Uint8Array, data: Uint8Array): Uint8Array {
  const iv = randomBytes(16);
  const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, key, iv);
  return Buffer.concat([iv, cipher.update(data), cipher.final()]);
}

function aesNoPad(mode: 'enc' | 'dec', key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  const make = mode === 'enc' ? createCipheriv : createDecipheriv;
  const cipher = make(`aes-${key.length * 8}-cbc`, key, iv);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** Algorithm 2.B (ISO 32000-2): the iterated hash of revision 6. */
function hashR6(password: Uint8Array, salt: Uint8Array, userKey: Uint8Array): Buffer {
  let k: Buffer = createHash('sha256').update(password).update(salt).update(userKey).digest();
  for (let round = 0; ; round++) {
    const block = Buffer.concat([password, k, userKey]);
    const k1 = Buffer.alloc(block.length * 64);
    for (let i = 0; i < 64; i++) block.copy(k1, i * block.length);
    const e = aesNoPad('enc', k.subarray(0, 16), k.subarray(16, 32), k1);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i] as number;
    const algorithm = ['sha256', 'sha384', 'sha512'][sum % 3] as string;
    k = createHash(algorithm).update(e).digest();
    if (round >= 63 && (e[e.length - 1] as number) <= round - 31) break;
  }
  return k.subarray(0, 32);
}

function bytesOf(dict: PdfDict, key: string): Uint8Array {
  const value = dict.get(key);
  if (!(value instanceof PdfString)) throw new PdfError('DAMAGED_PDF', `/Encrypt has no /${key}`);
  return value.bytes;
}

function methodOf(
  dict: PdfDict,
  filterName: string | undefined,
): { method: CryptMethod; length?: number } {
  if (!filterName || filterName === 'Identity') return { method: 'None' };
  const cf = dict.get('CF');
  const filter = cf instanceof PdfDict ? cf.get(filterName) : undefined;
  if (!(filter instanceof PdfDict))
    throw new PdfError('UNSUPPORTED_ENCRYPTION', `unknown crypt filter ${filterName}`);
  const cfm = filter.nameOf('CFM') ?? 'None';
  const length = filter.numberOf('Length');
  if (cfm === 'V2') return { method: 'RC4', length };
  if (cfm === 'AESV2' || cfm === 'AESV3' || cfm === 'None') return { method: cfm, length };
  throw new PdfError('UNSUPPORTED_ENCRYPTION', `unsupported crypt method ${cfm}`);
}

export function openSecurityHandler(
  encrypt: PdfDict,
  documentId: Uint8Array,
  password: string | undefined,
): SecurityHandler {
  if (encrypt.nameOf('Filter') !== 'Standard') {
    throw new PdfError(
      'UNSUPPORTED_ENCRYPTION',
      `security handler ${encrypt.nameOf('Filter') ?? '?'} is not supported`,
    );
  }
  const v = encrypt.numberOf('V') ?? 0;
  const r = encrypt.numberOf('R') ?? 2;
  const o = bytesOf(encrypt, 'O');
  const u = bytesOf(encrypt, 'U');
  let stringMethod: CryptMethod = 'RC4';
  let streamMethod: CryptMethod = 'RC4';
  let keyLength = 5;
  if (v === 2 || v === 3) keyLength = (encrypt.numberOf('Length') ?? 40) / 8;
  if (v === 4 || v === 5) {
    const str = methodOf(encrypt, encrypt.nameOf('StrF'));
    const stm = methodOf(encrypt, encrypt.nameOf('StmF'));
    stringMethod = str.method;
    streamMethod = stm.method;
    keyLength = v === 5 ? 32 : (encrypt.numberOf('Length') ?? 128) / 8;
  } else if (v !== 1 && v !== 2) {
    throw new PdfError('UNSUPPORTED_ENCRYPTION', `encryption V${v} is not supported`);
  }
  const candidates = password === undefined ? [''] : [password];
  let fileKey: Uint8Array | undefined;
  for (const candidate of candidates) {
    fileKey =
      r >= 5
        ? openR6(encrypt, r, o, u, candidate)
        : openR4(encrypt, r, o, u, documentId, keyLength, candidate);
    if (fileKey) break;
  }
  if (!fileKey) {
    throw new PdfError(
      'WRONG_PASSWORD',
      password === undefined
        ? 'the PDF is protected by a password'
        : 'the password does not open the PDF',
    );
  }
  const key = fileKey;
  const objectKey = (num: number, gen: number, aes: boolean): Uint8Array => {
    if (r >= 5) return key;
    const extra = Buffer.from([
      num & 0xff,
      (num >> 8) & 0xff,
      (num >> 16) & 0xff,
      gen & 0xff,
      (gen >> 8) & 0xff,
    ]);
    const digest = md5(key, extra, aes ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0));
    return digest.subarray(0, Math.min(key.length + 5, 16));
  };
  const run = (
    method: CryptMethod,
    encrypting: boolean,
    bytes: Uint8Array,
    num: number,
    gen: number,
  ): Uint8Array => {
    switch (method) {
      case 'None':
        return bytes;
      case 'RC4':
        return rc4(objectKey(num, gen, false), bytes);
      case 'AESV2':
      case 'AESV3': {
        const k = objectKey(num, gen, true);
        return encrypting ? aesEncrypt(k, bytes) : aesDecrypt(k, bytes);
      }
    }
  };
  return {
    decryptString: (bytes, num, gen) => run(stringMethod, false, bytes, num, gen),
    decryptStream: (bytes, num, gen) => run(streamMethod, false, bytes, num, gen),
    encryptString: (bytes, num, gen) => run(stringMethod, true, bytes, num, gen),
    encryptStream: (bytes, num, gen) => run(streamMethod, true, bytes, num, gen),
  };
}

function padPassword(password: Uint8Array): Buffer {
  const out = Buffer.alloc(32);
  Buffer.from(password.subarray(0, 32)).copy(out);
  PAD.copy(out, Math.min(password.length, 32), 0, 32 - Math.min(password.length, 32));
  return out;
}

function openR4(
  encrypt: PdfDict,
  r: number,
  o: Uint8Array,
  u: Uint8Array,
  id: Uint8Array,
  keyLength: number,
  password: string,
): Uint8Array | undefined {
  const pw = Buffer.from(password, 'latin1');
  const p = encrypt.numberOf('P') ?? 0;
  const encryptMetadata = encrypt.get('EncryptMetadata') !== false;
  const computeKey = (paddedUser: Uint8Array): Uint8Array => {
    const pBytes = Buffer.alloc(4);
    pBytes.writeInt32LE(p | 0);
    const parts: Uint8Array[] = [paddedUser, o.subarray(0, 32), pBytes, id];
    if (r >= 4 && !encryptMetadata) parts.push(Buffer.from([0xff, 0xff, 0xff, 0xff]));
    let digest = md5(...parts);
    if (r >= 3) for (let i = 0; i < 50; i++) digest = md5(digest.subarray(0, keyLength));
    return digest.subarray(0, keyLength);
  };
  const checkUser = (paddedUser: Uint8Array): Uint8Array | undefined => {
    const key = computeKey(paddedUser);
    if (r === 2)
      return Buffer.compare(rc4(key, PAD), Buffer.from(u.subarray(0, 32))) === 0 ? key : undefined;
    let x = rc4(key, md5(PAD, id));
    for (let i = 1; i <= 19; i++)
      x = rc4(
        key.map((b) => b ^ i),
        x,
      );
    return Buffer.compare(Buffer.from(x.subarray(0, 16)), Buffer.from(u.subarray(0, 16))) === 0
      ? key
      : undefined;
  };
  const asUser = checkUser(padPassword(pw));
  if (asUser) return asUser;
  // Owner password: recover the user password from /O.
  let ownerKey = md5(padPassword(pw));
  if (r >= 3) for (let i = 0; i < 50; i++) ownerKey = md5(ownerKey);
  const rc4Key = ownerKey.subarray(0, keyLength);
  let user: Uint8Array = o.subarray(0, 32);
  if (r === 2) user = rc4(rc4Key, user);
  else
    for (let i = 19; i >= 0; i--)
      user = rc4(
        rc4Key.map((b) => b ^ i),
        user,
      );
  return checkUser(user);
}

function openR6(
  encrypt: PdfDict,
  r: number,
  o: Uint8Array,
  u: Uint8Array,
  password: string,
): Uint8Array | undefined {
  const pw = Buffer.from(password.normalize('NFKC'), 'utf8').subarray(0, 127);
  const hash = (salt: Uint8Array, userKey: Uint8Array): Buffer =>
    r === 5
      ? createHash('sha256').update(pw).update(salt).update(userKey).digest()
      : hashR6(pw, salt, userKey);
  const zeroIv = Buffer.alloc(16);
  const u48 = u.subarray(0, 48);
  if (
    Buffer.compare(hash(u.subarray(32, 40), new Uint8Array(0)), Buffer.from(u.subarray(0, 32))) ===
    0
  ) {
    return aesNoPad(
      'dec',
      hash(u.subarray(40, 48), new Uint8Array(0)),
      zeroIv,
      bytesOf(encrypt, 'UE'),
    );
  }
  if (Buffer.compare(hash(o.subarray(32, 40), u48), Buffer.from(o.subarray(0, 32))) === 0) {
    return aesNoPad('dec', hash(o.subarray(40, 48), u48), zeroIv, bytesOf(encrypt, 'OE'));
  }
  return undefined;
}
