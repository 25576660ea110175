import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, type ClientHttp2Session } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignetEvent } from '@signet/contracts/events';
import { loadConfig } from '#infra/config/config';
import { clientGone, readTlsFiles, withTls } from '#infra/http';
import { bigPdf } from './signing-fixture';
import { createBootstrappedApp, signInNewUser } from './platform-fixture';
import type { TestApp } from './test-app';

/** A self-signed certificate for localhost and 127.0.0.1, made by openssl for this run. */
function selfSigned(dir: string): { certFile: string; keyFile: string; cert: Buffer } {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, cert: readFileSync(certFile) };
}

interface H2Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** One request on an open HTTP/2 session, read whole. */
function h2Get(session: ClientHttp2Session, path: string, headers: Record<string, string> = {}) {
  return new Promise<H2Answer>((resolve, reject) => {
    const stream = session.request({ ':path': path, ...headers });
    const chunks: Buffer[] = [];
    let answer: Record<string, unknown> = {};
    stream.on('response', (received) => (answer = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }),
    );
    stream.on('error', reject);
  });
}

/** An HTTP/2 event stream: the events read so far, until closed. */
function h2Events(session: ClientHttp2Session, path: string, headers: Record<string, string>) {
  const stream = session.request({ ':path': path, ...headers });
  const events: SignetEvent[] = [];
  let buffer = '';
  let status = 0;
  stream.on('response', (received) => (status = Number(received[':status'])));
  stream.setEncoding('utf8');
  stream.on('data', (text: string) => {
    buffer += text;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '));
      buffer = buffer.slice(end + 2);
      if (data) events.push(JSON.parse(data.slice(6)) as SignetEvent);
    }
  });
  return { events, status: () => status, close: () => stream.close() };
}

describe('TLS_CERT_FILE and TLS_KEY_FILE: HTTPS with HTTP/2 and HTTP/1.1 fallback', () => {
  let dir: string;
  let files: ReturnType<typeof selfSigned>;
  let t: TestApp;
  let origin: string;
  let session: ClientHttp2Session;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'signet-tls-'));
    files = selfSigned(dir);
    t = await createBootstrappedApp({
      env: { TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile, HEARTBEAT_SECONDS: '1' },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = address.replace('127.0.0.1', 'localhost');
    session = connect(origin, { ca: files.cert });
  });
  afterAll(async () => {
    session?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers over HTTP/2 when the client offers h2 in ALPN', async () => {
    expect(origin).toMatch(/^https:\/\/localhost:\d+$/);
    const ping = await h2Get(session, '/api/v1/server/ping');
    expect(ping.status).toBe(200);
    expect(session.alpnProtocol).toBe('h2');
  });

  it('answers over HTTP/1.1 to a client that offers no h2', async () => {
    const { status, version } = await new Promise<{ status: number; version: string }>(
      (resolve, reject) => {
        const call = httpsRequest(`${origin}/api/v1/server/ping`, { ca: files.cert }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion }));
        });
        call.on('error', reject);
        call.end();
      },
    );
    expect({ status, version }).toEqual({ status: 200, version: '1.1' });
  });

  it('carries many event streams and the calls beside them on one connection', async () => {
    const headers = await signInNewUser(t, { email: 'h2@example.com' });
    const self = await h2Get(session, '/api/v1/users/self', headers);
    expect(self.status).toBe(200);
    expect(JSON.parse(self.body.toString())).toMatchObject({ email: 'h2@example.com' });
    // More streams than HTTP/1.1 gives a browser connections to one host (six), and a call beside.
    const streams = Array.from({ length: 8 }, () => h2Events(session, '/api/v1/events', headers));
    await expect
      .poll(() => streams.map((stream) => [stream.status(), stream.events[0]?.name]), {
        timeout: 5_000,
      })
      .toEqual(Array(8).fill([200, 'HEARTBEAT']));
    expect((await h2Get(session, '/api/v1/users/self/stats', headers)).status).toBe(200);

    // A document of several 1 MiB pieces comes down whole over the same connection.
    const pdf = bigPdf(3 * 1024 * 1024);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents?fileName=big.pdf',
      headers: { ...headers, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(upload.statusCode).toBe(201);
    const id = upload.json<{ id: string }>().id;
    const file = await h2Get(session, `/rdss/v1/documents/${id}/file?mode=UPLOAD`, headers);
    expect(file.status).toBe(200);
    expect(file.body.equals(pdf)).toBe(true);
    for (const stream of streams) stream.close();
  });

  it('ends open HTTP/2 connections when the app closes', async () => {
    const other = await createBootstrappedApp({
      env: { TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile },
    });
    const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const held = connect(address.replace('127.0.0.1', 'localhost'), { ca: files.cert });
    const headers = await signInNewUser(other, { email: 'closing@example.com' });
    const stream = h2Events(held, '/api/v1/events', headers);
    await expect.poll(() => stream.events.length).toBeGreaterThan(0);
    const closed = new Promise((resolve) => held.once('close', resolve));
    const started = Date.now();
    await other.close();
    await closed;
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('TLS configuration', () => {
  it('asks for both files or neither, and defaults PUBLIC_URL to https://', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/signet/cert.pem' })).toThrow(
      /TLS_CERT_FILE, TLS_KEY_FILE: set both/,
    );
    expect(() => loadConfig({ TLS_KEY_FILE: '/etc/signet/key.pem' })).toThrow(/set both/);
    const config = loadConfig({ TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem', PORT: '8443' });
    expect(config.publicUrl).toBe('https://localhost:8443');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('names the file that cannot be read, and a key that is not the certificate’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signet-tls-'));
    try {
      const one = selfSigned(dir);
      await expect(
        readTlsFiles({ TLS_CERT_FILE: join(dir, 'missing.pem'), TLS_KEY_FILE: one.keyFile }),
      ).rejects.toThrow(/^TLS_CERT_FILE: cannot read .*missing\.pem \(ENOENT\)$/);
      const otherKey = join(dir, 'other-key.pem');
      writeFileSync(
        otherKey,
        execFileSync('openssl', [
          'genpkey',
          '-algorithm',
          'EC',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
        ]),
      );
      await expect(
        readTlsFiles({ TLS_CERT_FILE: one.certFile, TLS_KEY_FILE: otherKey }),
      ).rejects.toThrow(/TLS_CERT_FILE, TLS_KEY_FILE: not a certificate and its key/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('clientGone', () => {
  it('aborts when an HTTP/2 client cancels its stream, while the connection stays open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signet-tls-'));
    const files = selfSigned(dir);
    const config = loadConfig({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile });
    const tls = await readTlsFiles(config);
    const app = Fastify(withTls({ logger: false }, tls!, config));
    let aborted: () => void = () => undefined;
    const wasAborted = new Promise<void>((resolve) => (aborted = resolve));
    let entered: () => void = () => undefined;
    const waitEntered = new Promise<void>((resolve) => (entered = resolve));
    app.get('/wait', async (request, reply) => {
      const signal = clientGone(request, reply);
      entered();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      aborted();
      return 'too late';
    });
    app.get('/ping', async () => 'pong');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = connect(address.replace('127.0.0.1', 'localhost'), { ca: files.cert });
    try {
      const waiting = client.request({ ':path': '/wait' });
      waiting.on('error', () => undefined);
      await waitEntered;
      waiting.close();
      await wasAborted;
      const ping = await h2Get(client, '/ping');
      expect([ping.status, ping.body.toString(), client.closed]).toEqual([200, 'pong', false]);
    } finally {
      client.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('aborts when an HTTP/1.1 client goes away, and not after the answer', async () => {
    const app = Fastify({ logger: false });
    const outcomes: string[] = [];
    let entered: () => void = () => undefined;
    const waitEntered = new Promise<void>((resolve) => (entered = resolve));
    app.get('/wait', async (request, reply) => {
      const signal = clientGone(request, reply);
      entered();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      outcomes.push('wait aborted');
      return 'too late';
    });
    app.get('/answer', async (request, reply) => {
      const signal = clientGone(request, reply);
      reply.raw.once('close', () => setImmediate(() => outcomes.push(`answer ${signal.aborted}`)));
      return 'done';
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) =>
        httpGet(`${base}/answer`, (res) => res.resume().on('end', () => resolve())),
      );
      const waiting = httpGet(`${base}/wait`);
      waiting.on('error', () => undefined);
      await waitEntered;
      waiting.destroy();
      await expect.poll(() => outcomes).toEqual(['answer false', 'wait aborted']);
    } finally {
      await app.close();
    }
  });
});
