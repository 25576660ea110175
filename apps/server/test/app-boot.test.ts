import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsDuring } from './events-during';
import { createTestApp, type TestApp } from './test-app';

describe('app boot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown API path with the catalogue NOT_FOUND shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(typeof res.json().time).toBe('string');
  });

  it('bounds how long a client may take over a request (HTTP timeouts from the config)', () => {
    expect(t.app.server.headersTimeout).toBe(30_000);
    expect(t.app.server.requestTimeout).toBe(120_000);
    expect(t.app.server.keepAliveTimeout).toBe(65_000);
  });

  it('delivers an event published in a committed transaction, and not one rolled back', async () => {
    const seen = await eventsDuring(t.context.events, async () => {
      await t.context.database.db.transaction(async (tx) => {
        await t.context.events.publish(
          { name: 'DEVICE_CREATED', stream: 'rssp', userId: null, payload: {} },
          tx,
        );
      });
      await t.context.database.db
        .transaction(async (tx) => {
          await t.context.events.publish(
            { name: 'DEVICE_DELETED', stream: 'rssp', userId: null, payload: {} },
            tx,
          );
          throw new Error('roll back');
        })
        .catch(() => undefined);
    });
    expect(seen.map((e) => e.name)).toEqual(['DEVICE_CREATED']);
  });
});
