import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenApplicationName } from '#infra/database/database';
import type { User } from '@signet/contracts/users';
import { type TestApp, createTestApp } from './test-app';
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from './test-database';
import { describeOnPostgres } from './describe-on-postgres';
import {
  adminEmail,
  adminPassword,
  createBootstrappedApp,
  signInAdmin,
  signInNewUser,
} from './platform-fixture';
import { openSse, type SseClient } from './sse-client';

type Headers = { authorization: string };

async function listen(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

async function userId(t: TestApp, headers: Headers): Promise<string> {
  return (await t.app.inject({ url: '/api/v1/users/self', headers })).json<User>().id;
}

function suspend(t: TestApp, admin: Headers, id: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${id}`,
    headers: admin,
    payload: { status: 'SUSPENDED' },
  });
}

describe('event streams (one instance, real port)', () => {
  let t: TestApp;
  let base: string;
  let admin: Headers;
  const clients: SseClient[] = [];
  const open = async (path: string, headers: Headers) => {
    const client = await openSse(`${base}${path}`, headers);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createBootstrappedApp({ env: { HEARTBEAT_SECONDS: '1' } });
    base = await listen(t);
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
  });

  it('refuses a stream without a token with 401 UNAUTHORIZED', async () => {
    const res = await fetch(`${base}/rssp/v1/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('sends HEARTBEAT at once and then every HEARTBEAT_SECONDS, as text/event-stream', async () => {
    const client = await open('/rdss/v1/events', admin);
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(client.response.headers.get('cache-control')).toContain('no-cache');
    expect(client.response.headers.get('x-content-type-options')).toBe('nosniff');
    const started = Date.now();
    const first = await client.next((e) => e.name === 'HEARTBEAT', 500);
    expect(first).toMatchObject({ name: 'HEARTBEAT', stream: 'rdss' });
    await client.next((e) => e.name === 'HEARTBEAT', 2_500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    client.close();
  });

  it('forwards events of its stream for everyone or for the caller only', async () => {
    const ann = await signInNewUser(t, { email: 'ann@example.com' });
    const annId = await userId(t, ann);
    const client = await open('/rssp/v1/events', ann);
    await client.next((e) => e.name === 'HEARTBEAT');
    const publish = (
      name: 'DEVICE_CREATED' | 'DEVICE_UPDATED',
      stream: 'rssp' | 'rdss',
      to: string | null,
    ) =>
      t.context.events.publish({
        name,
        stream,
        userId: to,
        payload: { marker: `${stream}:${to}` },
      });
    await publish('DEVICE_CREATED', 'rssp', '00000000-0000-4000-8000-000000000001');
    await publish('DEVICE_CREATED', 'rdss', annId);
    await publish('DEVICE_CREATED', 'rssp', annId);
    await publish('DEVICE_UPDATED', 'rssp', null);
    const mine = await client.next((e) => e.name.startsWith('DEVICE_'));
    const everyone = await client.next((e) => e.name.startsWith('DEVICE_'));
    expect([mine.payload, everyone.payload]).toEqual([
      { marker: `rssp:${annId}` },
      { marker: 'rssp:null' },
    ]);
    client.close();
  });

  it('carries both services on /api/v1/events: a HEARTBEAT of each, and each event under its own service', async () => {
    const dora = await signInNewUser(t, { email: 'dora@example.com' });
    const doraId = await userId(t, dora);
    const client = await open('/api/v1/events', dora);
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const beats = [
      await client.next((e) => e.name === 'HEARTBEAT', 500),
      await client.next((e) => e.name === 'HEARTBEAT', 500),
    ];
    expect(beats.map((e) => e.stream).sort()).toEqual(['rdss', 'rssp']);
    await t.context.events.publish({
      name: 'CREDENTIAL_UPDATED',
      stream: 'rssp',
      userId: doraId,
      payload: { marker: 'rssp' },
    });
    await t.context.events.publish({
      name: 'SIGNATURE_CHAIN_CREATED',
      stream: 'rdss',
      userId: '00000000-0000-4000-8000-000000000001',
      payload: { marker: 'someone else' },
    });
    await t.context.events.publish({
      name: 'SIGNATURE_CHAIN_CREATED',
      stream: 'rdss',
      userId: doraId,
      payload: { marker: 'rdss' },
    });
    const delivered = [
      await client.next((e) => e.name !== 'HEARTBEAT'),
      await client.next((e) => e.name !== 'HEARTBEAT'),
    ];
    expect(delivered.map((e) => [e.name, e.stream, e.payload])).toEqual([
      ['CREDENTIAL_UPDATED', 'rssp', { marker: 'rssp' }],
      ['SIGNATURE_CHAIN_CREATED', 'rdss', { marker: 'rdss' }],
    ]);

    // It ends with the session, as the services' own streams do (LOGOUT once, then the end).
    expect((await suspend(t, admin, doraId)).statusCode).toBe(200);
    expect(await client.next((e) => e.name === 'LOGOUT')).toMatchObject({ userId: doraId });
    await client.ended;
    expect(client.events.filter((e) => e.name === 'LOGOUT')).toHaveLength(1);
    const refused = await fetch(`${base}/api/v1/events`);
    expect(refused.status).toBe(401);
  });

  it('sends LOGOUT on both streams when an admin suspends the user, then ends them', async () => {
    const bea = await signInNewUser(t, { email: 'bea@example.com' });
    const beaId = await userId(t, bea);
    const rssp = await open('/rssp/v1/events', bea);
    const rdss = await open('/rdss/v1/events', bea);
    await rssp.next((e) => e.name === 'HEARTBEAT');
    await rdss.next((e) => e.name === 'HEARTBEAT');
    const others = await open('/rssp/v1/events', admin);
    await others.next((e) => e.name === 'HEARTBEAT');

    expect((await suspend(t, admin, beaId)).statusCode).toBe(200);
    for (const [client, stream] of [
      [rssp, 'rssp'],
      [rdss, 'rdss'],
    ] as const) {
      const logout = await client.next((e) => e.name === 'LOGOUT');
      expect(logout).toMatchObject({ name: 'LOGOUT', stream, userId: beaId });
      await client.ended;
    }
    await others.next((e) => e.name === 'HEARTBEAT', 2_500);
    expect(others.events.some((e) => e.name === 'LOGOUT')).toBe(false);

    const again = await fetch(`${base}/rssp/v1/events`, { headers: bea });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ code: 'USER_SUSPENDED' });
  });

  it('publishes no LOGOUT when the suspension fails', async () => {
    const client = await open('/rssp/v1/events', admin);
    await client.next((e) => e.name === 'HEARTBEAT');
    const me = await userId(t, admin);
    expect((await suspend(t, admin, me)).statusCode).toBe(400);
    await client.next((e) => e.name === 'HEARTBEAT', 2_500);
    expect(client.events.some((e) => e.name === 'LOGOUT')).toBe(false);
    client.close();
  });
});

describe('event streams: per-user limit', () => {
  it('answers one stream more than EVENT_STREAMS_PER_USER with 429 and Retry-After, and frees a slot on close', async () => {
    const t = await createBootstrappedApp({ env: { EVENT_STREAMS_PER_USER: '2' } });
    const base = await listen(t);
    const admin = await signInAdmin(t);
    const first = await openSse(`${base}/rssp/v1/events`, admin);
    const second = await openSse(`${base}/rssp/v1/events`, admin);
    await second.next((e) => e.name === 'HEARTBEAT');
    const third = await fetch(`${base}/rssp/v1/events`, { headers: admin });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await third.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another service's stream is counted on its own; another user is not affected.
    const rdss = await openSse(`${base}/rdss/v1/events`, admin);
    expect(rdss.response.status).toBe(200);
    first.close();
    await expect
      .poll(async () => {
        const again = await openSse(`${base}/rssp/v1/events`, admin);
        again.close();
        return again.response.status;
      })
      .toBe(200);
    for (const client of [second, rdss]) client.close();
    await t.close();
  });
});

describe('event streams: graceful shutdown', () => {
  it('ends open streams when the app closes', async () => {
    const t = await createBootstrappedApp();
    const base = await listen(t);
    const client = await openSse(`${base}/rssp/v1/events`, await signInAdmin(t));
    await client.next((e) => e.name === 'HEARTBEAT');
    const started = Date.now();
    const closing = t.close();
    await client.ended;
    expect(Date.now() - started).toBeLessThan(2_000);
    await closing;
  });
});

describeOnPostgres('event streams: two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase(postgresAdminUrl);
    a = await createBootstrappedApp({ databaseUrl: database.url! });
    base = await listen(a);
    b = await createTestApp({
      databaseUrl: database.url!,
      env: { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword },
    });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('delivers to a client of instance A what instance B publishes', async () => {
    const cleo = await signInNewUser(a, { email: 'cleo@example.com' });
    const cleoId = await userId(a, cleo);
    const client = await openSse(`${base}/rdss/v1/events`, cleo);
    try {
      await client.next((e) => e.name === 'HEARTBEAT');

      await b.context.events.publish({
        name: 'SIGNATURE_CHAIN_CREATED',
        stream: 'rdss',
        userId: cleoId,
        payload: { from: 'b' },
      });
      const created = await client.next((e) => e.name === 'SIGNATURE_CHAIN_CREATED');
      expect(created.payload).toEqual({ from: 'b' });

      // The admin signs in and suspends Cleo through instance B: A's client is logged out.
      const adminOnB = await signInAdmin(b);
      expect((await suspend(b, adminOnB, cleoId)).statusCode).toBe(200);
      expect(await client.next((e) => e.name === 'LOGOUT')).toMatchObject({ userId: cleoId });
    } finally {
      client.close();
    }
  });

  it('recovers when the LISTEN connection is killed: readiness says so, events flow again', async () => {
    const admin = await signInAdmin(a);
    const adminId = await userId(a, admin);
    const client = await openSse(`${base}/rdss/v1/events`, admin);
    const killer = new pg.Client({ connectionString: database.url! });
    await killer.connect();
    try {
      await client.next((e) => e.name === 'HEARTBEAT');
      expect((await a.app.inject({ url: '/api/v1/server/ready' })).json()).toEqual({
        status: 'ready',
        database: 'up',
        events: 'up',
      });
      // Kill every LISTEN connection of this database (both instances') from outside.
      const killed = await killer.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
        [listenApplicationName],
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(1);
      await expect
        .poll(async () => (await a.app.inject({ url: '/api/v1/server/ready' })).statusCode)
        .toBe(503);
      const metrics = await a.app.inject({ url: '/api/v1/server/metrics' });
      expect(metrics.body).toMatch(/signet_event_bus_connection_losses_total [1-9]/);

      await expect
        .poll(async () => (await a.app.inject({ url: '/api/v1/server/ready' })).statusCode, {
          timeout: 10_000,
        })
        .toBe(200);
      expect((await a.app.inject({ url: '/api/v1/server/metrics' })).body).toContain(
        'signet_event_bus_listening 1',
      );
      await b.context.events.publish({
        name: 'SIGNATURE_CHAIN_CREATED',
        stream: 'rdss',
        userId: adminId,
        payload: { after: 'reconnect' },
      });
      const delivered = await client.next(
        (e) => e.name === 'SIGNATURE_CHAIN_CREATED' && e.payload.after === 'reconnect',
      );
      expect(delivered.userId).toBe(adminId);
    } finally {
      client.close();
      await killer.end();
    }
  });
});

describe('readiness', () => {
  it('answers ready while the database answers, and 503 SERVICE_UNAVAILABLE once it is closed', async () => {
    const t = await createBootstrappedApp();
    const ready = await t.app.inject({ url: '/api/v1/server/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', events: 'up' });
    await t.context.database.close();
    const down = await t.app.inject({ url: '/api/v1/server/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await t.app.inject({ url: '/api/v1/server/ping' })).statusCode).toBe(200);
    await t.app.close();
    await t.mailbox.close();
    await t.testDatabase.drop();
  });
});
