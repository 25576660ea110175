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

  it('sends the security headers and the content security policy on every answer, a 404 too', async () => {
    for (const url of [
      '/api/v1/server/ping',
      '/api/v1/no-such-thing',
      '/rdss/v1/signatureChains/self',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self';");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      // The test app is served over http: no HSTS.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
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
