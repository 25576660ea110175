import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const openssl = (args: string[], cwd: string) => run('openssl', args, { cwd, encoding: 'utf8' });

/**
 * A foreign PKI made with openssl for validation-data tests: a root, an intermediate, and leaves
 * whose AIA and CRL DP point at the ports given. `index.txt` is the root's OCSP database.
 */
export interface ForeignPki {
  dir: string;
  der(name: string): Promise<Buffer>;
}

async function issue(
  dir: string,
  name: string,
  subject: string,
  ca: string,
  serial: number,
  ext: string[],
): Promise<void> {
  await openssl(
    [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-subj',
      subject,
      '-out',
      `${name}.csr`,
    ],
    dir,
  );
  await writeFile(join(dir, `${name}.ext`), ext.join('\n'));
  await openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-set_serial',
      String(serial),
      '-days',
      '30',
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ],
    dir,
  );
  await openssl(['x509', '-in', `${name}.pem`, '-outform', 'DER', '-out', `${name}.der`], dir);
}

export async function createForeignPki(
  dir: string,
  urls: { ocsp: string; deadOcsp: string; files: string },
): Promise<ForeignPki> {
  await writeFile(
    join(dir, 'ca.ext'),
    'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\n',
  );
  await openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'root.key',
      '-subj',
      '/CN=Foreign Root/O=Elsewhere',
      '-days',
      '30',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-out',
      'root.pem',
    ],
    dir,
  );
  await openssl(['x509', '-in', 'root.pem', '-outform', 'DER', '-out', 'root.der'], dir);
  const leaf = ['basicConstraints=CA:FALSE', 'keyUsage=critical,digitalSignature,nonRepudiation'];
  await issue(dir, 'online', '/CN=Olga Online/O=Elsewhere', 'root', 0x1001, [
    ...leaf,
    `authorityInfoAccess=OCSP;URI:${urls.ocsp}`,
  ]);
  await issue(dir, 'offline', '/CN=Otto Offline/O=Elsewhere', 'root', 0x1002, [
    ...leaf,
    `authorityInfoAccess=OCSP;URI:${urls.deadOcsp}`,
  ]);
  await issue(dir, 'int', '/CN=Foreign Intermediate/O=Elsewhere', 'root', 0x1003, [
    'basicConstraints=critical,CA:TRUE',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await issue(dir, 'listed', '/CN=Lisa Listed/O=Elsewhere', 'int', 0x2001, [
    ...leaf,
    `authorityInfoAccess=caIssuers;URI:${urls.files}/int.der`,
    `crlDistributionPoints=URI:${urls.files}/int.crl`,
  ]);
  // The root's OCSP database: both its leaves valid (and the intermediate).
  const expiry =
    (await openssl(['x509', '-in', 'online.pem', '-noout', '-enddate'], dir)).stdout
      .trim()
      .split('=')[1] ?? '';
  const ymd = new Date(expiry).toISOString().replace(/[-:T]/g, '').slice(2, 14);
  await writeFile(
    join(dir, 'index.txt'),
    ['1001', '1002', '1003'].map((s) => `V\t${ymd}Z\t\t${s}\tunknown\t/CN=serial${s}\n`).join(''),
  );
  // The intermediate's CRL (nothing revoked).
  await writeFile(
    join(dir, 'int.cnf'),
    '[ca]\ndefault_ca=d\n[d]\ndatabase=int-index.txt\ndefault_md=sha256\ndefault_crl_days=3\n',
  );
  await writeFile(join(dir, 'int-index.txt'), '');
  await openssl(
    [
      'ca',
      '-gencrl',
      '-config',
      'int.cnf',
      '-keyfile',
      'int.key',
      '-cert',
      'int.pem',
      '-out',
      'int.crl.pem',
    ],
    dir,
  );
  await openssl(['crl', '-in', 'int.crl.pem', '-outform', 'DER', '-out', 'int.crl'], dir);
  return { dir, der: (name) => readFile(join(dir, `${name}.der`)) };
}

/** `openssl ocsp` answering for the root on `port`, until stopped. */
export async function startOpensslResponder(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    'openssl',
    [
      'ocsp',
      '-index',
      'index.txt',
      '-port',
      String(port),
      '-rsigner',
      'root.pem',
      '-rkey',
      'root.key',
      '-CA',
      'root.pem',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('openssl ocsp did not start')), 10_000);
    let said = '';
    const ready = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('waiting for OCSP client')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', ready);
    child.stderr?.on('data', ready);
    child.on('exit', () => reject(new Error(`openssl ocsp exited: ${said}`)));
  });
  return child;
}

/** Serves the files of `dir` by name (the intermediate's certificate and CRL). */
export async function startFileServer(dir: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const name = (req.url ?? '/').slice(1);
    if (!/^[\w.-]+$/.test(name)) return res.writeHead(404).end();
    readFile(join(dir, name)).then(
      (bytes) => res.writeHead(200).end(bytes),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
