import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countriesSchema, remoteConfigSchema, serverVersionSchema } from '@signet/contracts/server';
import { createTestApp, type TestApp } from './test-app';

describe('server routes (no token)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers ping and the current time', async () => {
    expect((await get('/api/v1/server/ping')).json()).toEqual({ status: 'ok' });
    const { currentTime } = (await get('/api/v1/server/currentTime')).json();
    expect(Math.abs(Date.parse(currentTime) - Date.now())).toBeLessThan(5_000);
  });

  it('reports the short version of each of the three services', async () => {
    const res = await get('/api/v1/server/version');
    const version = serverVersionSchema.parse(res.json());
    for (const service of [version.platform, version.rssp, version.rdss]) {
      expect(service.versionStringShort).toMatch(/^\d+\.\d+\.\d+(\+[0-9a-f]+)?$/);
    }
  });

  it('answers the remote config with every field at its documented default', async () => {
    const res = await get('/api/v1/server/config');
    expect(res.statusCode).toBe(200);
    const config = res.json();
    expect(Object.keys(config).sort()).toEqual(Object.keys(remoteConfigSchema.shape).sort());
    expect(config).toEqual({
      rsspApiUrl: 'http://localhost:8080/rssp',
      rsspPublicUrl: '',
      rdssApiUrl: 'http://localhost:8080/rdss',
      rdssPublicUrl: '',
      oidcIssuer: 'http://localhost:8080/oidc',
      oidcClientId: 'signet-web',
      logoutTimeSeconds: 300,
      logoutReminderSeconds: 60,
      networkTimeoutMillis: 30_000,
      cookiePolicyURL: '',
      hotjarSiteId: '',
      evroEnabled: false,
      poorManSignEnabled: true,
      adminOnlyCredentialManagement: false,
      userGroupsEnabled: false,
      signingTrailEnabled: true,
      clerkEnabled: true,
      userVerificationEnabled: false,
      regulaEnabled: false,
      authorizationTimeoutSecs: 120,
      evroAuthorizationTimeoutSecs: 60,
      maxUploadDocumentBytes: 50 * 1024 * 1024,
      maxSignatureProfileImageBytes: 1024 * 1024,
      accountManagementURL: '',
      changePasswordURL: 'http://localhost:8080/oidc/account/password',
      deleteAccountURL: 'http://localhost:8080/oidc/account/delete',
      sicAndroidLink: '',
      sicIphoneLink: '',
      googlePicker: { enabled: false, clientId: '', scope: '', developerKey: '' },
      theme: null,
      popupLogin: { width: 770, height: 720 },
      devMode: false,
    });
  });

  it('lists countries with ISO codes in English and Hungarian, sorted by name', async () => {
    for (const [locale, hungary, germany] of [
      ['EN', 'Hungary', 'Germany'],
      ['HU', 'Magyarország', 'Németország'],
      ['hu', 'Magyarország', 'Németország'],
    ] as const) {
      const res = await get(`/api/v1/server/countries/${locale}`);
      expect(res.statusCode).toBe(200);
      const countries = countriesSchema.parse(res.json());
      expect(countries.length).toBeGreaterThan(240);
      expect(countries).toContainEqual({ code: 'HU', name: hungary });
      expect(countries).toContainEqual({ code: 'DE', name: germany });
      const names = countries.map((c) => c.name);
      const collator = new Intl.Collator(locale.toLowerCase());
      expect([...names].sort((a, b) => collator.compare(a, b))).toEqual(names);
    }
  });

  it('refuses an unknown locale and an unknown query parameter', async () => {
    const locale = await get('/api/v1/server/countries/DE');
    expect(locale.statusCode).toBe(400);
    expect(locale.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { locale: expect.any(String) },
    });
    const query = await get('/api/v1/server/ping?verbose=1');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('serves Prometheus metrics with process figures and requests by route and status', async () => {
    await get('/api/v1/server/ping');
    await get('/api/v1/no-such-route');
    const res = await get('/api/v1/server/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE signet_http_requests_total counter');
    expect(res.body).toMatch(
      /signet_http_requests_total\{method="GET",route="\/api\/v1\/server\/ping",status="200"\} [1-9]/,
    );
    expect(res.body).toMatch(
      /signet_http_requests_total\{method="GET",route="unmatched",status="404"\}/,
    );
    expect(res.body).toContain('signet_http_request_duration_seconds_bucket');
  });

  it('describes the server and users routes in the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/server/ping',
        '/api/v1/server/config',
        '/api/v1/server/countries/{locale}',
        '/api/v1/server/metrics',
        '/api/v1/users',
        '/api/v1/users/enabled',
        '/api/v1/users/self',
        '/api/v1/users/self/stats',
        '/api/v1/users/defaultRoles',
        '/api/v1/users/{id}',
        '/rssp/v1/events',
        '/rdss/v1/events',
      ]),
    );
    const list = res.json().paths['/api/v1/users'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'page-num', 'page-size', 'sort-field', 'sort-order']),
    );
  });

  it('serves the API browser page and its script files', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    const script = await get('/api/docs/static/swagger-ui-bundle.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });
});
