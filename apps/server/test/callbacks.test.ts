import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callbackEventSchema,
  callbackMessages,
  type CallbackDeliveryPage,
  type CallbackEvent,
} from '@signet/contracts/callbacks';
import type { Credential } from '@signet/contracts/credentials';
import { rowsOf } from '#infra/database/json-rows';
import { refuseUnusableCallbackUrl } from '#rdss/callbacks/callback-address';
import { retryDelayMs } from '#rdss/callbacks/callback-delivery';
import { openCallbackSecret, rewrapCallbackSecrets } from '#rdss/callbacks/callback-secrets';
import { keyRingOf, loadKeyRing } from '#infra/keys/kek';
import { freePort } from './free-port';
import {
  adminAccount,
  bootstrap,
  fastKdfEnv,
  person,
  post,
  rsspTestEnv,
  type Person,
} from './rssp-fixture';
import { activatedCredential, createChain, signBody } from './signing-fixture';
import { createTestApp, testKeyEncryptionKey, type TestApp } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

const secret = 'test-callback-secret-0123456789';

/** What a receiver got: the raw body (as signed) and the headers. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every request and answers as `answer` says for its path. */
async function startReceiver(
  port: number,
  answer: (path: string) => { status: number; location?: string } = () => ({ status: 200 }),
): Promise<{ server: Server; received: Received[]; url: string; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const { status, location } = answer(path.split('?')[0] ?? '');
      response.writeHead(status, location ? { location } : {}).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    received,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks `Signet-Signature` as a receiver would (the OpenAPI page's snippet), under `key`. */
function verifies(header: string | string[] | undefined, body: string, key = secret): boolean {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', key).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The callback events of a chain as the database holds them, in delivery order. */
async function rowsOfChain(t: TestApp, chainId: string) {
  return rowsOf<{ event_id: string; status: string; attempts: number; errors: (string | null)[] }>(
    await t.context.database.db.execute(sql`
      select e.event_id::text, e.status, e.attempts,
        coalesce((select jsonb_agg(a.error order by a.id) from rdss.callback_attempts a
          where a.event_id = e.id), '[]'::jsonb) as errors
      from rdss.callback_events e where e.chain_id = ${chainId}::uuid order by e.id`),
  );
}

describe('Callbacks to a chain’s externalCallbackUrl (issue 27 §6)', () => {
  let database: TestDatabase;
  let dir: string;
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let bobKey: Credential;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let redirectsNow = true;

  // The same database across restarts: PGlite's files in `dir`, or one PostgreSQL database.
  const open = (env: Record<string, string> = {}) =>
    createTestApp({
      env: {
        ...rsspTestEnv,
        ...fastKdfEnv,
        CALLBACK_SECRET: secret,
        CALLBACK_ALLOW_PRIVATE: 'true',
        CALLBACK_RETRY_BASE_MS: '50',
        CALLBACK_TIMEOUT_MS: '2000',
        ...env,
      },
      ...(database.url ? { databaseUrl: database.url } : { dataDir: dir }),
    });
  const bodiesWith = (id: string) =>
    receiver.received.filter((r) => (JSON.parse(r.body) as CallbackEvent).id === id);

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'signet-callbacks-'));
    t = await open();
    await bootstrap(t);
    admin = await person(t, adminAccount.email, adminAccount.password, false);
    ann = await person(t, 'ann@example.com');
    bob = await person(t, 'bob@example.com');
    bobKey = await activatedCredential(t, bob);
    receiver = await startReceiver(await freePort(), (path) =>
      path === '/redirect' && redirectsNow
        ? { status: 302, location: `${receiver.url}/target` }
        : { status: 200 },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('POSTs each change of a signed chain in order, HMAC-signed, with its external id and entry', async () => {
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: bob.email }],
      externalId: 'crm-1',
      externalCallbackUrl: `${receiver.url}/hook?token=abc`,
    });
    const signed = await post(t, bob, '/rdss/v1/signatures/sign', signBody(chain, bob, bobKey));
    expect(signed.statusCode, signed.body).toBe(200);
    const got = await until('three events', () => {
      const mine = receiver.received.filter((r) => r.path === '/hook?token=abc');
      return mine.length >= 3 ? mine : undefined;
    });
    expect(got).toHaveLength(3);
    const events = got.map((r) => callbackEventSchema.parse(JSON.parse(r.body)));
    expect(events.map((e) => e.type)).toEqual(['CREATED', 'SIGNED', 'COMPLETED']);
    for (const [i, r] of got.entries()) {
      expect(verifies(r.headers['signet-signature'], r.body)).toBe(true);
      // The same body under another secret does not verify: the signature is over it.
      expect(verifies(r.headers['signet-signature'], `${r.body} `)).toBe(false);
      expect(r.headers['signet-event-id']).toBe(events[i]!.id);
      expect(r.headers['content-type']).toBe('application/json');
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    expect(events.every((e) => e.chain.id === chain.id && e.chain.externalId === 'crm-1')).toBe(
      true,
    );
    const entry = chain.signatures[0]!;
    expect(events[0]).toMatchObject({ chain: { status: 'CREATED' }, entry: null });
    expect(events[1]!.entry).toEqual({
      id: entry.id,
      role: 'SIGNER',
      status: 'DONE',
      email: bob.email,
    });
    expect(events[2]).toMatchObject({ chain: { status: 'DONE' }, entry: null });
    // The receiver records a POST before it answers; the row is DELIVERED once the answer is in.
    const rows = await until('three rows delivered', async () => {
      const r = await rowsOfChain(t, chain.id);
      return r.every((x) => x.status === 'DELIVERED') ? r : undefined;
    });
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['DELIVERED', 1],
      ['DELIVERED', 1],
      ['DELIVERED', 1],
    ]);
  });

  it('retries while the receiver is down, across restarts, in order, never as two events; a private URL is refused without CALLBACK_ALLOW_PRIVATE', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/late`;
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: bob.email }],
      externalCallbackUrl: url,
    });
    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: `/rdss/v1/signatureChains/withdraw/${chain.id}`,
      headers: ann.headers,
      payload: { reason: 'Wrong file' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // Refused connections, retried: the CREATED event holds its chain's WITHDRAWN back.
    const failing = await until('two refused attempts', async () => {
      const rows = await rowsOfChain(t, chain.id);
      return rows[0] && rows[0].attempts >= 2 ? rows : undefined;
    });
    expect(failing.map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    expect(failing[0]!.errors[0]).toBe('ECONNREFUSED');
    expect(failing[1]!.attempts).toBe(0);

    // A restart without CALLBACK_ALLOW_PRIVATE: private targets are refused at creation, and the
    // waiting event's attempts (an http: URL to a loopback address) are refused before any
    // connection.
    await t.close();
    t = await open({ CALLBACK_ALLOW_PRIVATE: 'false' });
    for (const [target, message] of [
      ['https://127.0.0.1/hook', callbackMessages.notPublic],
      ['https://10.1.2.3/hook', callbackMessages.notPublic],
      ['https://[::1]/hook', callbackMessages.notPublic],
      ['https://localhost/hook', callbackMessages.notPublic],
      // Issue 39 §6: IPv4-compatible IPv6, and a host that parsers read differently.
      ['https://[::127.0.0.1]/hook', callbackMessages.notPublic],
      ['https://[::a9fe:a9fe]/hook', callbackMessages.notPublic],
      ['https://93.184.215.14\\@127.0.0.1/', callbackMessages.ambiguous],
      ['http://203.0.113.9/hook', callbackMessages.notHttps],
    ] as const) {
      const refused = await post(t, ann, '/rdss/v1/signatureChains', {
        type: 'ORDERED',
        signers: [{ email: bob.email }],
        origDocId: chain.origDocument?.id,
        externalCallbackUrl: target,
      });
      expect(refused.statusCode, target).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { externalCallbackUrl: message },
      });
    }
    await until('an attempt refused before connecting', async () => {
      const [first] = await rowsOfChain(t, chain.id);
      return first?.errors.includes(callbackMessages.notHttps) ? true : undefined;
    });

    // Down, then up, on another start: delivered, in order, each event once.
    await t.close();
    const late = await startReceiver(port);
    try {
      t = await open();
      const got = await until('both events', () =>
        late.received.length >= 2 ? late.received : undefined,
      );
      const rows = await until('both delivered', async () => {
        const r = await rowsOfChain(t, chain.id);
        return r.every((x) => x.status === 'DELIVERED') ? r : undefined;
      });
      const events = got.map((r) => callbackEventSchema.parse(JSON.parse(r.body)));
      expect(events.map((e) => e.type)).toEqual(['CREATED', 'WITHDRAWN']);
      expect(events.map((e) => e.id)).toEqual(rows.map((r) => r.event_id));
      expect(events[1]!.chain).toMatchObject({ status: 'FAILED', endedReason: 'WITHDRAWN' });
      expect(got.every((r) => verifies(r.headers['signet-signature'], r.body))).toBe(true);
      expect(rows[0]!.attempts).toBeGreaterThanOrEqual(4);
      expect(rows[0]!.errors.at(-1)).toBeNull();
      // Nothing more comes: the worker takes PENDING rows only, and both are DELIVERED.
      expect(late.received).toHaveLength(2);
    } finally {
      await late.close();
    }
  });

  it('does not follow a redirect; the admin sees the failed delivery and retries it', async () => {
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: bob.email }],
      externalCallbackUrl: `${receiver.url}/redirect?secret-token=1`,
    });
    await until('a redirected attempt', async () => {
      const [first] = await rowsOfChain(t, chain.id);
      return first && first.attempts >= 1 && first.errors.length >= 1 ? first : undefined;
    });
    // The test's clock: the event's 24 hours are over, so the next failed attempt is the last.
    await t.context.database.db.execute(
      sql`update rdss.callback_events set give_up_at = now() where chain_id = ${chain.id}::uuid`,
    );
    const [failed] = await until('FAILED', async () => {
      const rows = await rowsOfChain(t, chain.id);
      return rows[0]?.status === 'FAILED' ? rows : undefined;
    });
    expect(failed!.errors.every((e) => e === 'Redirect (302) not followed')).toBe(true);
    expect(receiver.received.some((r) => r.path === '/target')).toBe(false);

    const list = await t.app.inject({
      url: '/rdss/v1/admin/callbacks?status=FAILED',
      headers: admin.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<CallbackDeliveryPage>();
    const shown = page.content.find((d) => d.id === failed!.event_id);
    expect(shown).toMatchObject({
      chainId: chain.id,
      type: 'CREATED',
      status: 'FAILED',
      // The query (a receiver's token, perhaps) is not shown.
      url: `${receiver.url}/redirect`,
      nextAttemptAt: null,
    });
    expect(shown!.attempts[0]).toMatchObject({
      statusCode: 302,
      error: 'Redirect (302) not followed',
    });
    expect(shown!.attemptCount).toBe(failed!.attempts);
    expect(
      (await t.app.inject({ url: '/rdss/v1/admin/callbacks', headers: ann.headers })).statusCode,
    ).toBe(403);

    // The receiver is fixed; "retry now" delivers the same event.
    redirectsNow = false;
    const before = bodiesWith(failed!.event_id).length;
    const retried = await post(t, admin, `/rdss/v1/admin/callbacks/${failed!.event_id}/retry`);
    expect(retried.statusCode, retried.body).toBe(204);
    await until('delivered after retry', async () => {
      const [row] = await rowsOfChain(t, chain.id);
      return row?.status === 'DELIVERED' ? row : undefined;
    });
    const sent = bodiesWith(failed!.event_id);
    expect(sent.length - before).toBe(1);
    expect(verifies(sent.at(-1)!.headers['signet-signature'], sent.at(-1)!.body)).toBe(true);
    expect(
      (await post(t, admin, `/rdss/v1/admin/callbacks/${failed!.event_id}/retry`)).statusCode,
    ).toBe(404);
    const pending = await t.app.inject({
      url: '/rdss/v1/admin/callbacks?status=FAILED',
      headers: admin.headers,
    });
    expect(pending.json<CallbackDeliveryPage>().content.map((d) => d.id)).not.toContain(
      failed!.event_id,
    );
  });

  it('signs a creator’s callbacks with their own secret: their receiver verifies them, another integrator’s secret does not (decision 054)', async () => {
    const ivy = await person(t, 'ivy@integrator-one.example');
    const jon = await person(t, 'jon@integrator-two.example');
    const call = (who: Person, method: 'GET' | 'POST' | 'DELETE') =>
      t.app.inject({ method, url: '/rdss/v1/callbacks/secret', headers: who.headers });
    expect((await call(ivy, 'GET')).json()).toEqual({
      hasOwnSecret: false,
      createdAt: null,
      callbacksEnabled: true,
    });
    const made = await call(ivy, 'POST');
    expect(made.statusCode, made.body).toBe(201);
    const ivySecret = made.json<{ secret: string }>().secret;
    expect(ivySecret).toMatch(/^signet_cbs_[A-Za-z0-9_-]{43}$/);
    const status = await call(ivy, 'GET');
    expect(status.json()).toMatchObject({ hasOwnSecret: true, callbacksEnabled: true });
    expect(status.body).not.toContain(ivySecret.slice(11));
    const jonSecret = (await call(jon, 'POST')).json<{ secret: string }>().secret;
    expect(jonSecret).not.toBe(ivySecret);
    // Kept wrapped under the KEK only: the database holds neither secret.
    const stored = JSON.stringify(
      rowsOf(await t.context.database.db.execute(sql`select * from rdss.callback_secrets`)),
    );
    expect(stored).not.toContain(ivySecret.slice(11));
    expect(stored).not.toContain(jonSecret.slice(11));

    const eventsAt = (path: string, count: number) =>
      until(`${count} events at ${path}`, () => {
        const mine = receiver.received.filter((r) => r.path === path);
        return mine.length >= count ? mine : undefined;
      });
    const chainBy = (who: Person, path: string) =>
      createChain(t, who, {
        type: 'ORDERED',
        signers: [{ email: bob.email }],
        externalCallbackUrl: `${receiver.url}${path}`,
      });
    const ivyChain = await chainBy(ivy, '/ivy');
    await chainBy(jon, '/jon');
    await chainBy(ann, '/ann');
    const [ivyCreated] = await eventsAt('/ivy', 1);
    const [jonCreated] = await eventsAt('/jon', 1);
    const [annCreated] = await eventsAt('/ann', 1);
    const check = (r: Received | undefined, key: string) =>
      verifies(r?.headers['signet-signature'], r?.body ?? '', key);
    // Each receiver verifies its own creator's callbacks, and nobody else's key does.
    expect(check(ivyCreated, ivySecret)).toBe(true);
    expect(check(ivyCreated, jonSecret)).toBe(false);
    expect(check(ivyCreated, secret)).toBe(false);
    expect(check(jonCreated, jonSecret)).toBe(true);
    expect(check(jonCreated, ivySecret)).toBe(false);
    expect(check(jonCreated, secret)).toBe(false);
    // A creator without a secret of their own: the server's CALLBACK_SECRET, as before.
    expect(check(annCreated, secret)).toBe(true);
    expect(check(annCreated, ivySecret)).toBe(false);
    // Another integrator who knows the server's secret cannot sign what Ivy's receiver trusts.
    const forged = createHmac('sha256', secret).update(`1.${ivyCreated!.body}`).digest('hex');
    expect(verifies(`t=1,v1=${forged}`, ivyCreated!.body, ivySecret)).toBe(false);

    // Rotated: the next event is signed with the new secret only.
    const rotated = (await call(ivy, 'POST')).json<{ secret: string }>().secret;
    expect(rotated).not.toBe(ivySecret);
    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: `/rdss/v1/signatureChains/withdraw/${ivyChain.id}`,
      headers: ivy.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const [, ivyWithdrawn] = await eventsAt('/ivy', 2);
    expect(JSON.parse(ivyWithdrawn!.body)).toMatchObject({ type: 'WITHDRAWN' });
    expect(check(ivyWithdrawn, rotated)).toBe(true);
    expect(check(ivyWithdrawn, ivySecret)).toBe(false);

    // Removed: back to the server's secret.
    expect((await call(ivy, 'DELETE')).statusCode).toBe(204);
    expect((await call(ivy, 'GET')).json()).toMatchObject({ hasOwnSecret: false, createdAt: null });
    await chainBy(ivy, '/ivy-again');
    const [again] = await eventsAt('/ivy-again', 1);
    expect(check(again, secret)).toBe(true);
    expect(check(again, rotated)).toBe(false);

    // A KEK rotation moves the secrets left (Jon's) to the new key, which alone opens them then.
    const newKek = randomBytes(32).toString('base64');
    const rotating = loadKeyRing({
      KEY_ENCRYPTION_KEY: newKek,
      KEY_ENCRYPTION_KEY_PREVIOUS: testKeyEncryptionKey,
      dataDir: '',
    });
    expect(await rewrapCallbackSecrets(t.context.database.db, rotating)).toBe(1);
    const [jonRow] = rowsOf<{ wrapped: string }>(
      await t.context.database.db.execute(
        sql`select wrapped from rdss.callback_secrets where user_id = ${jon.id}::uuid`,
      ),
    );
    expect(openCallbackSecret(keyRingOf(newKek), jon.id, jonRow!.wrapped)).toBe(jonSecret);
    expect(() => openCallbackSecret(t.context.keyRing, jon.id, jonRow!.wrapped)).toThrow();
    expect(() => openCallbackSecret(keyRingOf(newKek), ivy.id, jonRow!.wrapped)).toThrow();
    // Deleting the user removes their secret with them.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${jon.id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(
      rowsOf(await t.context.database.db.execute(sql`select 1 from rdss.callback_secrets`)),
    ).toEqual([]);
  });

  it('refuses a callback URL when CALLBACK_SECRET is not set', async () => {
    await expect(
      refuseUnusableCallbackUrl(
        { CALLBACK_SECRET: undefined, CALLBACK_ALLOW_PRIVATE: true },
        `${receiver.url}/hook`,
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { externalCallbackUrl: callbackMessages.notConfigured },
    });
    await expect(
      refuseUnusableCallbackUrl(
        { CALLBACK_SECRET: undefined, CALLBACK_ALLOW_PRIVATE: false },
        undefined,
      ),
    ).resolves.toBeUndefined();
  });

  it('documents the callback on the OpenAPI page: schema, signature header, how to verify', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    const { info, paths } = docs.json<{
      info: { description: string };
      paths: Record<string, unknown>;
    }>();
    expect(info.description).toContain('Signet-Signature: t=<unix seconds>,v1=<hex>');
    expect(info.description).toContain('timingSafeEqual');
    expect(info.description).toContain('"externalId"');
    expect(Object.keys(paths)).toContain('/rdss/v1/admin/callbacks/{id}/retry');
  });

  it('waits longer after each failure, with jitter, at most an hour', () => {
    expect(retryDelayMs(1000, 1, () => 1)).toBe(1000);
    expect(retryDelayMs(1000, 4, () => 1)).toBe(8000);
    expect(retryDelayMs(1000, 4, () => 0)).toBe(4000);
    expect(retryDelayMs(30_000, 40, () => 1)).toBe(3_600_000);
  });
});
