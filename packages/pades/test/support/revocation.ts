import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCertificate } from '@signet/der';
import { certificateDer, type IdentityName, type TestPki } from './pki';

/** Revocation data from the test CA, made with `openssl ocsp` and `openssl ca -gencrl`. */

const run = (args: string[], cwd: string): string =>
  execFileSync('openssl', args, { cwd, encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'] });

/** An openssl CA database time: YYMMDDHHMMSSZ. */
const indexTime = (date: Date): string =>
  date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';

function serialHex(pki: TestPki, name: IdentityName): string {
  const serial = parseCertificate(certificateDer(pki, name))
    .serialNumber.toString(16)
    .toUpperCase();
  return serial.length % 2 === 0 ? serial : `0${serial}`;
}

/** A CA database listing `entries`, revoked at their `revokedAt`, valid otherwise. */
function writeIndex(
  pki: TestPki,
  dir: string,
  entries: { name: IdentityName; revokedAt?: Date | undefined }[],
): void {
  const far = indexTime(new Date(Date.UTC(2049, 0, 1)));
  const lines = entries.map(({ name, revokedAt }) =>
    [
      revokedAt ? 'R' : 'V',
      far,
      revokedAt ? indexTime(revokedAt) : '',
      serialHex(pki, name),
      'unknown',
      `/CN=${name}`,
    ].join('\t'),
  );
  writeFileSync(join(dir, 'index.txt'), lines.map((line) => `${line}\n`).join(''));
  writeFileSync(join(dir, 'index.txt.attr'), 'unique_subject = no\n');
}

/** A DER OCSP response of the test CA (signing itself) about one certificate it issued. */
export function ocspResponse(
  pki: TestPki,
  workDir: string,
  name: IdentityName,
  revokedAt?: Date,
): Buffer {
  const dir = mkdtempSync(join(workDir, 'ocsp-'));
  writeIndex(pki, dir, [{ name, revokedAt }]);
  const ca = join(pki.dir, 'ca.pem');
  run(
    [
      'ocsp',
      '-issuer',
      ca,
      '-cert',
      join(pki.dir, `${name}.pem`),
      '-no_nonce',
      '-reqout',
      'req.der',
    ],
    dir,
  );
  run(
    [
      'ocsp',
      '-index',
      'index.txt',
      '-CA',
      ca,
      '-rsigner',
      ca,
      '-rkey',
      join(pki.dir, 'ca.key'),
      '-reqin',
      'req.der',
      '-respout',
      'resp.der',
      '-ndays',
      '1',
    ],
    dir,
  );
  return readFileSync(join(dir, 'resp.der'));
}

/** A DER CRL of the test CA naming the revoked `entries`. */
export function crl(
  pki: TestPki,
  workDir: string,
  entries: { name: IdentityName; revokedAt: Date }[],
): Buffer {
  const dir = mkdtempSync(join(workDir, 'crl-'));
  writeIndex(pki, dir, entries);
  writeFileSync(join(dir, 'crlnumber'), '01\n');
  writeFileSync(
    join(dir, 'crl.cnf'),
    '[ca]\ndefault_ca = c\n[c]\ndatabase = index.txt\ncrlnumber = crlnumber\ndefault_md = sha256\ndefault_crl_days = 7\n',
  );
  run(
    [
      'ca',
      '-gencrl',
      '-config',
      'crl.cnf',
      '-keyfile',
      join(pki.dir, 'ca.key'),
      '-cert',
      join(pki.dir, 'ca.pem'),
      '-out',
      'crl.pem',
    ],
    dir,
  );
  run(['crl', '-in', 'crl.pem', '-outform', 'DER', '-out', 'crl.der'], dir);
  return readFileSync(join(dir, 'crl.der'));
}
