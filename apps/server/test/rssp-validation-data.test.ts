import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPem, parseCertificate, readCrl, readOcspResponse } from '@signet/der';
import { createValidationDataSource } from '#rssp/public';
import { createCredential, createRsspTestApp, fastKdfEnv, type Person } from './rssp-fixture';
import { freePort } from './free-port';
import type { TestApp } from './test-app';
import {
  createForeignPki,
  startFileServer,
  startOpensslResponder,
  type ForeignPki,
} from './validation-pki';

const fetchLimits = {
  VALIDATION_FETCH_TIMEOUT_SECS: 2,
  VALIDATION_FETCH_MAX_BYTES: 1024 * 1024,
  VALIDATION_FETCH_MAX_REQUESTS: 16,
  VALIDATION_FETCH_ALLOW_PRIVATE: true,
};

describe('validation data of certificate chains (decision 037)', () => {
  let t: TestApp;
  let ann: Person;
  let dir: string;
  let pki: ForeignPki;
  let responder: ChildProcess;
  let files: Server;
  let silent: Server;
  let silentPort: number;

  beforeAll(async () => {
    ({ t, ann } = await createRsspTestApp({
      ...fastKdfEnv,
      VALIDATION_FETCH_ALLOW_PRIVATE: 'true',
    }));
    dir = await mkdtemp(join(tmpdir(), 'signet-validation-'));
    const [ocspPort, deadPort, filePort] = [await freePort(), await freePort(), await freePort()];
    silentPort = await freePort();
    pki = await createForeignPki(dir, {
      ocsp: `http://127.0.0.1:${ocspPort}`,
      deadOcsp: `http://127.0.0.1:${deadPort}/ocsp`,
      files: `http://127.0.0.1:${filePort}`,
    });
    responder = await startOpensslResponder(dir, ocspPort);
    files = await startFileServer(dir, filePort);
    // Takes the connection and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve));
  }, 120_000);
  afterAll(async () => {
    responder?.kill();
    files?.close();
    silent?.closeAllConnections();
    silent?.close();
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers for an embedded chain in process: an OCSP response that readOcspResponse verifies', async () => {
    const key = await createCredential(t, ann, { certificateEnrollmentMode: 'CMP' });
    const chain = key.certChain.map((c) => fromPem(c.pem, 'CERTIFICATE')[0]!);
    const [leaf, root] = chain;
    const data = await t.context.validationData.collect([chain, chain]);
    expect(data.missing).toEqual([]);
    expect(data.certificates.map((c) => Buffer.from(c).toString('hex')).sort()).toEqual(
      chain.map((c) => c.toString('hex')).sort(),
    );
    expect(data.crls).toEqual([]);
    expect(data.ocsps).toHaveLength(1);
    const response = readOcspResponse(data.ocsps[0]!);
    expect(response.verify(root!)).toEqual({ signer: root, delegated: false });
    expect(response.responseFor(leaf!, root!)?.status).toBe('good');
  });

  it('answers every collect afresh, produced at or after it started (both chains under one CA key unwrap), and REVOKED as soon as the certificate is revoked', async () => {
    const key = await createCredential(t, ann, { certificateEnrollmentMode: 'CMP' });
    const chain = key.certChain.map((c) => fromPem(c.pem, 'CERTIFICATE')[0]!);
    const [leaf, root] = chain;
    const second = await createCredential(t, ann, { certificateEnrollmentMode: 'CMP' });
    const secondChain = second.certChain.map((c) => fromPem(c.pem, 'CERTIFICATE')[0]!);
    const secondLeaf = secondChain[0]!;
    // Another instance's source: the same database.
    const other = createValidationDataSource({
      database: t.context.database,
      ring: t.context.keyRing,
      config: fetchLimits,
    });
    const seen = new Set<string>();
    // The responses carry whole seconds (RFC 5280 GeneralizedTime), the start is compared so.
    const startOfSecond = () => Math.floor(Date.now() / 1000) * 1000;
    const nextSecond = () =>
      new Promise((resolve) => setTimeout(resolve, 1001 - (Date.now() % 1000)));
    for (const source of [t.context.validationData, t.context.validationData, other]) {
      // A second apart, so an answer made by an earlier collect would show in its producedAt.
      await nextSecond();
      const started = startOfSecond();
      const data = await source.collect([chain, secondChain]);
      expect(data.missing).toEqual([]);
      expect(data.ocsps).toHaveLength(2);
      const responses = data.ocsps.map((der) => readOcspResponse(der));
      for (const response of responses) {
        expect(response.verify(root!)).toEqual({ signer: root, delegated: false });
        expect(response.producedAt.getTime()).toBeGreaterThanOrEqual(started);
        expect(response.producedAt.getTime()).toBeLessThanOrEqual(Date.now());
        expect(response.responses[0]?.thisUpdate.getTime()).toBeGreaterThanOrEqual(started);
        const hex = Buffer.from(response.der).toString('hex');
        expect(seen.has(hex)).toBe(false);
        seen.add(hex);
      }
      for (const cert of [leaf!, secondLeaf]) {
        const answers = responses.map((r) => r.responseFor(cert, root!)).filter(Boolean);
        expect(answers.map((a) => a?.status)).toEqual(['good']);
      }
    }

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/credentials/${key.id}`,
      headers: ann.headers,
    });
    expect(deleted.statusCode).toBe(204);

    for (const source of [t.context.validationData, other]) {
      const data = await source.collect([chain]);
      expect(data.missing).toEqual([]);
      expect(data.ocsps).toHaveLength(1);
      const response = readOcspResponse(data.ocsps[0]!);
      expect(response.verify(root!)).toEqual({ signer: root, delegated: false });
      const single = response.responseFor(leaf!, root!);
      expect(single?.status).toBe('revoked');
      expect(single?.reason).toBe(5);
    }
  });

  it('for a foreign chain asks the OCSP responder its AIA names (openssl ocsp), and names what it could not reach', async () => {
    const online = await pki.der('online');
    const offline = await pki.der('offline');
    const root = await pki.der('root');
    const data = await t.context.validationData.collect([
      [online, root],
      [offline, root],
    ]);
    expect(data.ocsps).toHaveLength(1);
    const response = readOcspResponse(data.ocsps[0]!);
    expect(response.verify(root)?.delegated).toBe(false);
    expect(response.responseFor(online, root)?.status).toBe('good');
    expect(data.missing).toEqual(['OCSP for CN=Otto Offline, O=Elsewhere: unreachable']);
    expect(data.certificates).toHaveLength(3);
  });

  it('completes a chain from AIA caIssuers and falls back to the CRL distribution point', async () => {
    const listed = await pki.der('listed');
    const data = await t.context.validationData.collect([[listed]]);
    const intermediate = await pki.der('int');
    expect(data.certificates.map((c) => Buffer.from(c).toString('hex'))).toEqual([
      listed.toString('hex'),
      intermediate.toString('hex'),
    ]);
    expect(data.crls).toHaveLength(1);
    const crl = readCrl(data.crls[0]!);
    expect(crl.verify(intermediate)).toBe(true);
    expect(crl.entryFor(parseCertificate(listed).serialNumber)).toBeUndefined();
    // The intermediate's issuer is nowhere to be found: said so, nothing thrown.
    expect(data.missing).toEqual([
      'Issuer of CN=Foreign Intermediate, O=Elsewhere: not in the chain',
    ]);
  });

  it('refuses private addresses unless allowed, keeps to its request budget and its time limit', async () => {
    const online = await pki.der('online');
    const root = await pki.der('root');
    const source = (overrides: Partial<typeof fetchLimits>) =>
      createValidationDataSource({
        database: t.context.database,
        ring: t.context.keyRing,
        config: { ...fetchLimits, ...overrides },
      });
    const refused = await source({ VALIDATION_FETCH_ALLOW_PRIVATE: false }).collect([
      [online, root],
    ]);
    expect(refused.ocsps).toEqual([]);
    expect(refused.missing).toEqual([
      'OCSP for CN=Olga Online, O=Elsewhere: private address refused',
    ]);
    const spent = await source({ VALIDATION_FETCH_MAX_REQUESTS: 0 }).collect([[online, root]]);
    expect(spent.missing).toEqual(['OCSP for CN=Olga Online, O=Elsewhere: request budget spent']);

    // A responder that takes the request and never answers: given up after the time limit.
    const hanging = createValidationDataSource({
      database: t.context.database,
      ring: t.context.keyRing,
      config: { ...fetchLimits, VALIDATION_FETCH_TIMEOUT_SECS: 1 },
    });
    const slowPki = await createForeignPki(await mkdtemp(join(dir, 'slow-')), {
      ocsp: `http://127.0.0.1:${silentPort}`,
      deadOcsp: `http://127.0.0.1:${silentPort}`,
      files: `http://127.0.0.1:${silentPort}`,
    });
    const started = Date.now();
    const timedOut = await hanging.collect([
      [await slowPki.der('online'), await slowPki.der('root')],
    ]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(timedOut.missing).toEqual(['OCSP for CN=Olga Online, O=Elsewhere: timed out']);
  });
});
