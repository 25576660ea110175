import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from './signing-fixture';

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A test CA (EC P-256, self-signed) made with openssl, in its own folder. */
export async function makeTestCa(): Promise<{ dir: string; cert: string; key: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-cmp-ca-'));
  const cert = join(dir, 'ca.pem');
  const key = join(dir, 'ca.key');
  const made = await runTool('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '30',
    '-subj',
    '/O=Test/CN=Test CMP CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  if (made.code !== 0) throw new Error(`openssl req: ${made.output}`);
  return { dir, cert, key };
}

/** Signs a PKCS#10 request (PEM) with the test CA as a signing certificate; the PEM file's path. */
export async function signRequest(
  ca: { dir: string; cert: string; key: string },
  csrPem: string,
  name: string,
): Promise<string> {
  const csr = join(ca.dir, `${name}.csr`);
  const out = join(ca.dir, `${name}.pem`);
  const ext = join(ca.dir, `${name}.ext`);
  writeFileSync(csr, csrPem);
  writeFileSync(
    ext,
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n',
  );
  const signed = await runTool('openssl', [
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    ca.cert,
    '-CAkey',
    ca.key,
    '-CAcreateserial',
    '-days',
    '30',
    '-extfile',
    ext,
    '-out',
    out,
  ]);
  if (signed.code !== 0) throw new Error(`openssl x509 -req: ${signed.output}`);
  return out;
}

/** A key (EC P-256) and a certificate for it from the test CA: the PEM files' paths. */
export async function issueTestCertificate(
  ca: { dir: string; cert: string; key: string },
  name: string,
): Promise<{ cert: string; key: string }> {
  const key = join(ca.dir, `${name}.key`);
  const csr = join(ca.dir, `${name}.req`);
  const made = await runTool('openssl', [
    'req',
    '-new',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    key,
    '-out',
    csr,
    '-subj',
    `/O=Test/CN=${name}`,
  ]);
  if (made.code !== 0) throw new Error(`openssl req: ${made.output}`);
  return { cert: await signRequest(ca, readFileSync(csr, 'utf8'), name), key };
}

/**
 * OpenSSL's CMP mock server on `port`, answering `rspCert` (with the CA in caPubs). It protects
 * with the shared `secret`, or signs with `srvCert`/`srvKey` and trusts clients issued by `trusted`.
 */
export async function startCmpMock(options: {
  port: number;
  secret?: string;
  signing?: { srvCert: string; srvKey: string; trusted: string };
  rspCert: string;
  caCert: string;
}): Promise<{ stop: () => Promise<void>; output: () => string }> {
  const { signing } = options;
  const protection = signing
    ? ['-srv_cert', signing.srvCert, '-srv_key', signing.srvKey, '-srv_trusted', signing.trusted]
    : ['-srv_ref', 'signet-mock', '-srv_secret', `pass:${options.secret ?? ''}`];
  const child: ChildProcess = spawn(
    'openssl',
    [
      'cmp',
      '-port',
      String(options.port),
      ...protection,
      '-rsp_cert',
      options.rspCert,
      '-rsp_capubs',
      options.caCert,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 100 && !(await listening(options.port)); i++) {
    if (child.exitCode !== null) throw new Error(`openssl cmp exited: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}
