import { execFileSync } from 'node:child_process';
import {
  constants,
  createHash,
  createPrivateKey,
  privateEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { p256 } from '@noble/curves/nist.js';
import type { Signer } from '../../src/index';

/** A throw-away PKI made with the openssl CLI: a root CA, signers of each kind and a TSA. */
export interface TestPki {
  dir: string;
  caPem: string;
  caDer: Uint8Array;
  nssDir: string;
  tsaConfig: string;
}

export type IdentityName = 'rsa2048' | 'ec256' | 'rsa4096' | 'seal' | 'tsa' | 'other';

const run = (cmd: string, args: string[], cwd?: string): string =>
  execFileSync(cmd, args, { cwd, encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'] });

const LEAF_EXT = [
  'basicConstraints=CA:FALSE',
  'keyUsage=critical,digitalSignature,nonRepudiation',
  'subjectKeyIdentifier=hash',
  'authorityKeyIdentifier=keyid',
].join('\n');
const TSA_EXT = [
  'basicConstraints=CA:FALSE',
  'keyUsage=critical,digitalSignature,nonRepudiation',
  'extendedKeyUsage=critical,timeStamping',
  'subjectKeyIdentifier=hash',
  'authorityKeyIdentifier=keyid',
].join('\n');

function issue(
  dir: string,
  name: string,
  keyArgs: string[],
  subject: string,
  ext: string,
  ca = 'ca',
): void {
  run('openssl', ['genpkey', ...keyArgs, '-out', `${name}.key`], dir);
  run(
    'openssl',
    ['req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`],
    dir,
  );
  writeFileSync(join(dir, `${name}.ext`), ext);
  run(
    'openssl',
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-days',
      '3650',
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ],
    dir,
  );
  run('openssl', ['x509', '-in', `${name}.pem`, '-outform', 'DER', '-out', `${name}.der`], dir);
}

/** A self-signed root certificate for the key `${name}.key`, as `${name}.pem` and `${name}.der`. */
function selfSignRoot(dir: string, name: string, subject: string): void {
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-new',
      '-key',
      `${name}.key`,
      '-subj',
      subject,
      '-days',
      '3650',
      '-sha256',
      '-extensions',
      'v3',
      '-config',
      writeCaConfig(dir),
      '-out',
      `${name}.pem`,
    ],
    dir,
  );
  run('openssl', ['x509', '-in', `${name}.pem`, '-outform', 'DER', '-out', `${name}.der`], dir);
}

export function createTestPki(dir: string): TestPki {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'ca.ext'),
    'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\n',
  );
  run(
    'openssl',
    ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'ca.key'],
    dir,
  );
  selfSignRoot(dir, 'ca', '/CN=Signet Test Root CA/O=Signet Tests');
  const rsa = (bits: number): string[] => [
    '-algorithm',
    'RSA',
    '-pkeyopt',
    `rsa_keygen_bits:${bits}`,
  ];
  issue(dir, 'rsa2048', rsa(2048), '/CN=Alice RSA-2048/O=Signet Tests', LEAF_EXT);
  issue(
    dir,
    'ec256',
    ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'],
    '/CN=Bob EC P-256/O=Signet Tests',
    LEAF_EXT,
  );
  issue(dir, 'rsa4096', rsa(4096), '/CN=Carol RSA-4096/O=Signet Tests', LEAF_EXT);
  // The organisation seal that pre-signs the already-signed fixture (pdfsig cannot check two
  // signatures with the same certificate in one run, a poppler/NSS limitation).
  issue(dir, 'seal', rsa(2048), '/CN=ACME Seal/O=Signet Tests', LEAF_EXT);
  issue(dir, 'tsa', rsa(2048), '/CN=Signet Test TSA/O=Signet Tests', TSA_EXT);
  // A second, untrusted root for negative tests.
  run('openssl', ['genpkey', ...rsa(2048), '-out', 'other-ca.key'], dir);
  selfSignRoot(dir, 'other-ca', '/CN=Untrusted Root');
  issue(dir, 'other', rsa(2048), '/CN=Mallory/O=Elsewhere', LEAF_EXT, 'other-ca');

  const nssDir = join(dir, 'nss');
  mkdirSync(nssDir);
  run('certutil', ['-N', '--empty-password', '-d', `sql:${nssDir}`]);
  run('certutil', [
    '-A',
    '-n',
    'Signet Test Root CA',
    '-t',
    'CT,C,C',
    '-i',
    join(dir, 'ca.pem'),
    '-d',
    `sql:${nssDir}`,
  ]);

  const tsaConfig = join(dir, 'tsa.cnf');
  writeFileSync(
    tsaConfig,
    [
      '[tsa]',
      'default_tsa = tsa_config',
      '[tsa_config]',
      `serial = ${join(dir, 'tsa-serial')}`,
      `signer_cert = ${join(dir, 'tsa.pem')}`,
      `signer_key = ${join(dir, 'tsa.key')}`,
      `certs = ${join(dir, 'ca.pem')}`,
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ess_cert_id_alg = sha256',
      'ess_cert_id_chain = no',
      'ordering = no',
      'tsa_name = no',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'tsa-serial'), '01\n');
  return {
    dir,
    caPem: join(dir, 'ca.pem'),
    caDer: readFileSync(join(dir, 'ca.der')),
    nssDir,
    tsaConfig,
  };
}

function writeCaConfig(dir: string): string {
  const path = join(dir, 'ca.cnf');
  writeFileSync(
    path,
    '[req]\ndistinguished_name=dn\n[dn]\n[v3]\nbasicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\n',
  );
  return path;
}

export function certificateDer(pki: TestPki, name: IdentityName | 'ca' | 'other-ca'): Uint8Array {
  return readFileSync(join(pki.dir, `${name}.der`));
}

export function privateKey(pki: TestPki, name: IdentityName): KeyObject {
  return createPrivateKey(readFileSync(join(pki.dir, `${name}.key`)));
}

const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** RSA PKCS#1 v1.5 over a precomputed SHA-256 digest, as an HSM's signHash does. */
export function rsaSigner(pki: TestPki, name: IdentityName): Signer {
  const key = privateKey(pki, name);
  return {
    certificateChain: [
      certificateDer(pki, name),
      certificateDer(pki, name === 'other' ? 'other-ca' : 'ca'),
    ],
    algorithm: 'RSA_PKCS1',
    signHash: async (hash) =>
      privateEncrypt(
        { key, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([SHA256_DIGEST_INFO, hash]),
      ),
  };
}

/** ECDSA P-256 over a precomputed digest with @noble/curves; answers raw r‖s (64 bytes). */
export function ecSigner(pki: TestPki, name: IdentityName = 'ec256'): Signer {
  const jwk = privateKey(pki, name).export({ format: 'jwk' });
  const secret = Buffer.from(jwk.d as string, 'base64url');
  return {
    certificateChain: [readFileSync(join(pki.dir, `${name}.der`)), pki.caDer],
    algorithm: 'ECDSA',
    signHash: async (hash) => p256.sign(hash, secret, { prehash: false }),
  };
}

function mgf1(seed: Uint8Array, length: number): Buffer {
  const out: Buffer[] = [];
  for (let counter = 0; out.length * 32 < length; counter++) {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    out.push(createHash('sha256').update(seed).update(c).digest());
  }
  return Buffer.concat(out).subarray(0, length);
}

/** RSASSA-PSS (SHA-256, MGF1-SHA-256, salt 32) over a precomputed digest: EMSA-PSS + raw RSA. */
export function rsaPssSigner(pki: TestPki, name: IdentityName): Signer {
  const key = privateKey(pki, name);
  const modulusBits = key.asymmetricKeyDetails?.modulusLength ?? 2048;
  return {
    certificateChain: [certificateDer(pki, name), pki.caDer],
    algorithm: 'RSA_PSS',
    signHash: async (hash) => {
      const emBits = modulusBits - 1;
      const emLength = Math.ceil(emBits / 8);
      const salt = randomBytes(32);
      const h = createHash('sha256').update(Buffer.alloc(8)).update(hash).update(salt).digest();
      const db = Buffer.concat([Buffer.alloc(emLength - 32 - 32 - 2), Buffer.from([1]), salt]);
      const mask = mgf1(h, emLength - 33);
      for (let i = 0; i < db.length; i++) db[i] = (db[i] as number) ^ (mask[i] as number);
      db[0] = (db[0] as number) & (0xff >> (8 * emLength - emBits));
      const em = Buffer.concat([db, h, Buffer.from([0xbc])]);
      const padded = Buffer.concat([Buffer.alloc(modulusBits / 8 - em.length), em]);
      return privateEncrypt({ key, padding: constants.RSA_NO_PADDING }, padded);
    },
  };
}
