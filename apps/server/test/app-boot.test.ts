import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('delivers an event published in a committed transaction, and not one rolled back', async () => {
    const seen: string[] = [];
    const stop = t.context.events.subscribe((e) => seen.push(e.name));
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
    await new Promise((r) => setTimeout(r, 200));
    stop();
    expect(seen).toEqual(['DEVICE_CREATED']);
  });
});
