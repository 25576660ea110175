import type { InjectOptions } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import {
  adminAccount,
  createCredential,
  createRsspTestApp,
  person,
  fastKdfEnv,
  keyPassword,
  post,
  puk,
  type Person,
} from './rssp-fixture';
import { enrollKeyDevice } from './device-fixture';
import { multipartBody } from './multipart';
import { dataUrl, signatureImage } from './signature-images';
import type { TestApp } from './test-app';

/**
 * Access to every API route, derived from the running server's route table (its OpenAPI
 * document), so a new route is checked without anyone adding it here: anonymous calls answer
 * 401 unless the route declares itself public, and a route that names someone else's thing by
 * id answers 403 or 404 and changes nothing. A route this test cannot exercise yet (a new path
 * parameter, a body it has no sample of) fails it until one is added below.
 */

interface Operation {
  security?: unknown[];
  requestBody?: unknown;
}

const apiPrefixes = ['/api/v1/', '/rssp/v1/', '/rdss/v1/'];

describe('access to every route of the route table', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let annsKey: Credential;
  let annsDocumentId: string;
  let annsChainId: string;
  let annsEntryId: string;
  let annsBatchId: string;
  let annsDeviceId: string;
  let annsProfileId: string;
  let signaturePng: string;
  let routes: { method: string; path: string; operation: Operation }[];

  beforeAll(async () => {
    ({ t, ann, bob } = await createRsspTestApp(fastKdfEnv));
    annsKey = await createCredential(t, ann, { certificateEnrollmentMode: 'CMP' });
    const activated = await post(t, ann, `/rssp/v1/credentials/${annsKey.id}/activate`, {
      keyPassword,
      keyPuk: puk,
    });
    expect(activated.statusCode).toBe(200);
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents?fileName=ann.pdf',
      headers: { ...ann.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(await pdf.save()),
    });
    annsDocumentId = uploaded.json<{ id: string }>().id;
    const chain = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/signatureChains',
      headers: ann.headers,
      payload: { type: 'ORDERED', origDocId: annsDocumentId, signers: [{ email: ann.email }] },
    });
    annsChainId = chain.json<{ id: string }>().id;
    annsEntryId = chain.json<{ signatures: { id: string }[] }>().signatures[0]?.id ?? '';
    const batch = await multipartBody({ batchName: 'Ann batch' }, [
      { field: 'files', name: 'a.pdf', bytes: await pdf.save() },
    ]);
    const batchUpload = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...ann.headers, 'content-type': batch.contentType },
      payload: batch.payload,
    });
    expect(batchUpload.statusCode, batchUpload.body).toBe(201);
    annsBatchId = batchUpload.json<{ id: string }>().id;
    annsDeviceId = (await enrollKeyDevice(t, ann)).device.id;
    signaturePng = dataUrl(await signatureImage('png'));
    const profile = await post(t, ann, '/rdss/v1/users/self/signatureProfiles', {
      name: 'Ann profile',
      credentialId: annsKey.id,
      sourceImageDataUrl: signaturePng,
    });
    expect(profile.statusCode, profile.body).toBe(201);
    annsProfileId = profile.json<{ id: string }>().id;
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    routes = Object.entries(doc.paths)
      .filter(([path]) => apiPrefixes.some((prefix) => path.startsWith(prefix)))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          operation,
        })),
      );
  });
  afterAll(() => t.close());

  const adminPerson = () => person(t, adminAccount.email, adminAccount.password, false);

  /** Ann's things, by the path that names them: what Bob must not reach. */
  const owned = (path: string): Record<string, string> | null => {
    if (path.startsWith('/rssp/v1/credentials/{id}')) return { id: annsKey.id };
    if (path.startsWith('/rssp/v1/devices/{id}')) return { id: annsDeviceId };
    // A CSC client is the admin's (Bob is no admin); a consent request is nobody's until decided.
    if (path.startsWith('/rssp/v1/csc/clients/{clientId}')) return { clientId: 'csc-any' };
    if (path.startsWith('/rssp/v1/csc/consent/{requestId}')) {
      return { requestId: '00000000-0000-4000-8000-000000000000' };
    }
    if (path.startsWith('/api/v1/users/{id}')) return { id: ann.id };
    // No provider is configured here: every provider is unknown to Bob (and to Ann).
    if (
      path.startsWith('/api/v1/credentialRefs/providers/{providerId}') ||
      path.startsWith('/rdss/v1/extproviders/{providerId}')
    ) {
      return { providerId: 'other-provider' };
    }
    if (path.startsWith('/api/v1/credentialRefs/{id}')) {
      return { id: '00000000-0000-4000-8000-000000000000' };
    }
    // A callback delivery is the admin's (Bob is no admin).
    if (path.startsWith('/rdss/v1/admin/callbacks/{id}')) {
      return { id: '00000000-0000-4000-8000-000000000000' };
    }
    if (path.startsWith('/rdss/v1/documents/batch/{id}')) return { id: annsBatchId };
    if (path.startsWith('/rdss/v1/documents/{id}')) return { id: annsDocumentId };
    if (
      path.startsWith('/rdss/v1/users/self/signatureProfiles/{id}') ||
      /^\/rdss\/v1\/signatures\/visibleSignature\/(profileImage\/)?\{id\}/.test(path)
    ) {
      return { id: annsProfileId };
    }
    if (/^\/rdss\/v1\/(signatureChains|signatures)\/(\w+\/)?\{id\}/.test(path)) {
      return { id: annsChainId };
    }
    return null;
  };

  /** A valid body for each route that takes one, so only access decides the answer. */
  const sampleBody = (method: string, path: string): unknown => {
    const pem = annsKey.certChain[0]?.pem ?? '';
    const samples: Record<string, unknown> = {
      'POST /api/v1/users/self/invitation': { token: 'A'.repeat(43) },
      'PUT /api/v1/users/self': { firstName: 'Bob' },
      'POST /api/v1/users': { email: 'new@example.com', locale: 'EN' },
      'PUT /api/v1/users/{id}': { status: 'SUSPENDED' },
      'POST /api/v1/credentialRefs': { provider: 'other-provider', credentialId: 'x' },
      'POST /api/v1/credentialRefs/providers/{providerId}/callback': { code: 'c', state: 's' },
      'POST /api/v1/credentialRefs/{id}/authorize': { hashes: ['AAAA'], PIN: keyPassword },
      'POST /api/v1/credentialRefs/{id}/credentialLogin': { hashes: ['AAAA'] },
      'POST /rdss/v1/extproviders/{providerId}/openid/token': {
        grant_type: 'authorization_code',
        code: 'c',
        state: 's',
      },
      'POST /rdss/v1/extproviders/{providerId}/info': {},
      'POST /rdss/v1/extproviders/{providerId}/credentials/list': {},
      'POST /rdss/v1/extproviders/{providerId}/credentials/info': { credentialID: 'x' },
      'POST /rdss/v1/extproviders/{providerId}/credentials/authorize': { credentialID: 'x' },
      'POST /rssp/v1/credentials/certificateInfo': { certificate: pem },
      'POST /rssp/v1/credentials': { description: 'x' },
      'POST /rssp/v1/credentials/': { description: 'x' },
      'PUT /rssp/v1/credentials/{id}': { description: 'Hijacked' },
      'POST /rssp/v1/credentials/{id}/activate': { keyPassword, keyPuk: puk },
      'POST /rssp/v1/credentials/{id}/changePassword': {
        oldKeyPassword: keyPassword,
        newKeyPassword: keyPassword,
      },
      'POST /rssp/v1/credentials/{id}/unlock': { keyPuk: puk, newKeyPassword: keyPassword },
      'POST /rssp/v1/credentials/{id}/changePuk': {
        oldKeyPuk: puk,
        newKeyPuk: puk,
        newKeyPassword: keyPassword,
      },
      'PUT /rssp/v1/credentials/{id}/certificateChain': [pem],
      'POST /rssp/v1/credentials/{id}/certificateEnrollment': { kind: 'csr' },
      'PUT /rssp/v1/devices/{id}': { friendlyName: 'Hijacked' },
      'POST /rssp/v1/csc/clients': {
        name: 'Client',
        redirectUris: ['https://client.example/cb'],
        confidential: false,
      },
      'POST /rssp/v1/csc/consent/{requestId}': { allow: true },
      'POST /rssp/v1/devices/approvals': {
        approvalId: '00000000-0000-4000-8000-000000000000',
        decision: 'APPROVE',
        signature: 'AA==',
      },
      'POST /rdss/v1/signatureChains': {
        type: 'ORDERED',
        origDocId: annsDocumentId,
        signers: [{ email: 'x@example.com' }],
      },
      'POST /rdss/v1/signatureChains/multi': {
        type: 'ORDERED',
        batchId: annsBatchId,
        signers: [{ email: 'x@example.com' }],
      },
      'POST /rdss/v1/documents/files': { chainIds: [annsChainId] },
      'POST /rdss/v1/signatureChains/invitation': { token: 'A'.repeat(43) },
      'PUT /rdss/v1/signatureChains/{id}': { viewerEmails: [] },
      'PUT /rdss/v1/signatureChains/withdraw/{id}': { reason: 'Changed my mind' },
      'POST /rdss/v1/signatures/{id}/decline': {
        currentSignatureId: '00000000-0000-4000-8000-000000000000',
      },
      'POST /rdss/v1/users/self/signatureProfiles': {
        name: 'Bob profile',
        credentialId: annsKey.id,
        textParams: { text: 'Bob' },
      },
      'PUT /rdss/v1/users/self/signatureProfiles/{id}': {
        name: 'Hijacked',
        credentialId: annsKey.id,
        textParams: { text: 'Bob' },
      },
      'POST /rdss/v1/signatures/visibleSignature/combineImage': {
        userImageDataUrl: signaturePng,
        subsignerName: 'Client',
      },
      'PUT /rdss/v1/signatures/visibleSignature/adminProps': {
        bgColor: { red: 0, green: 0, blue: 0 },
      },
      'POST /rdss/v1/signatures/{id}/approve': {
        currentSignatureId: '00000000-0000-4000-8000-000000000000',
      },
      'POST /rdss/v1/signatures/sign': {
        credentialOptions: { credentialId: annsKey.id, PIN: keyPassword },
        signatures: [{ signatureId: annsChainId, currentSignatureId: annsEntryId }],
      },
      'POST /rdss/v1/signatures/pmSign': {
        origDocId: annsDocumentId,
        credentialOptions: { credentialId: annsKey.id, PIN: keyPassword },
      },
    };
    const key = `${method} ${path}`;
    if (!(key in samples)) throw new Error(`add a valid sample body for ${key} to this test`);
    return samples[key];
  };

  const fill = (path: string, params: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) {
        throw new Error(`no owner fixture for {${name}} in ${path}: add one to this test`);
      }
      return value;
    });

  it('answers 401 UNAUTHORIZED to an anonymous call on every route not declared public', async () => {
    const checked: string[] = [];
    for (const { method, path, operation } of routes) {
      if (Array.isArray(operation.security) && operation.security.length === 0) continue;
      const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({
        method,
        url,
        ...(operation.requestBody ? { payload: sampleBody(method, path) } : {}),
      } as InjectOptions);
      expect({ route: `${method} ${path}`, status: res.statusCode }).toEqual({
        route: `${method} ${path}`,
        status: 401,
      });
      checked.push(`${method} ${path}`);
    }
    // The table is really read: the routes of all three services are among those checked.
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /api/v1/users/self',
        'DELETE /rssp/v1/credentials/{id}',
        'GET /rdss/v1/events',
      ]),
    );
  });

  it("answers 403 or 404 to user B on every route naming user A's thing, and changes nothing", async () => {
    const before = await t.app.inject({
      url: `/rssp/v1/credentials/${annsKey.id}`,
      headers: ann.headers,
    });
    const annBefore = await t.app.inject({ url: '/api/v1/users/self', headers: ann.headers });
    const checked: string[] = [];
    for (const { method, path, operation } of routes) {
      if (!path.includes('{')) continue;
      if (Array.isArray(operation.security) && operation.security.length === 0) continue;
      const params = owned(path) ?? {};
      const res = await t.app.inject({
        method,
        url: fill(path, params),
        headers: bob.headers,
        ...(operation.requestBody ? { payload: sampleBody(method, path) } : {}),
      } as InjectOptions);
      expect({ route: `${method} ${path}`, refused: [403, 404].includes(res.statusCode) }).toEqual({
        route: `${method} ${path}`,
        refused: true,
      });
      checked.push(`${method} ${path}`);
    }
    expect(checked.length).toBeGreaterThanOrEqual(13);
    const after = await t.app.inject({
      url: `/rssp/v1/credentials/${annsKey.id}`,
      headers: ann.headers,
    });
    expect(after.json()).toEqual(before.json());
    const annAfter = await t.app.inject({ url: '/api/v1/users/self', headers: ann.headers });
    expect(annAfter.json()).toEqual(annBefore.json());
    const device = await t.app.inject({
      url: `/rssp/v1/devices/${annsDeviceId}`,
      headers: ann.headers,
    });
    expect(device.json()).toMatchObject({ friendlyName: 'Test phone', enabled: true });
    const document = await t.app.inject({
      url: `/rdss/v1/documents/${annsDocumentId}`,
      headers: ann.headers,
    });
    expect(document.statusCode).toBe(200);
    const chain = await t.app.inject({
      url: `/rdss/v1/signatureChains/${annsChainId}`,
      headers: ann.headers,
    });
    expect(chain.json()).toMatchObject({ status: 'CREATED', signatures: [{ status: 'CREATED' }] });
    const profile = await t.app.inject({
      url: `/rdss/v1/users/self/signatureProfiles/${annsProfileId}`,
      headers: ann.headers,
    });
    expect(profile.json()).toMatchObject({ name: 'Ann profile', sourceImageDataUrl: signaturePng });
  });

  it('keeps the visible-signature background to admins: user B is refused and nothing changes', async () => {
    const before = await t.app.inject({
      url: '/rdss/v1/signatures/visibleSignature/adminProps',
      headers: bob.headers,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/rdss/v1/signatures/visibleSignature/adminProps',
      headers: bob.headers,
      payload: { bgColor: { red: 0, green: 0, blue: 0 } },
    });
    expect(res.statusCode).toBe(403);
    const after = await t.app.inject({
      url: '/rdss/v1/signatures/visibleSignature/adminProps',
      headers: bob.headers,
    });
    expect(after.json()).toEqual(before.json());
  });

  it("signs nobody's chain but the caller's own entry: creator, signer, viewer, stranger, admin, anonymous", async () => {
    // Ann's chain with Ann as its one signer, Bob as viewer.
    const shared = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/signatureChains',
      headers: ann.headers,
      payload: {
        type: 'ORDERED',
        origDocId: annsDocumentId,
        signers: [{ email: ann.email }],
        viewerEmails: [bob.email],
      },
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const chain = shared.json<{ id: string; signatures: { id: string }[] }>();
    const bobsKey = await createCredential(t, bob, { certificateEnrollmentMode: 'CMP' });
    await post(t, bob, `/rssp/v1/credentials/${bobsKey.id}/activate`, { keyPassword, keyPuk: puk });
    const body = (credentialId: string) => ({
      credentialOptions: { credentialId, PIN: keyPassword },
      signatures: [{ signatureId: chain.id, currentSignatureId: chain.signatures[0]?.id }],
    });
    const sign = (headers: Record<string, string> | undefined, credentialId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/rdss/v1/signatures/sign',
        ...(headers ? { headers } : {}),
        payload: body(credentialId),
      });
    const admin = await adminPerson();
    const eve = await person(t, 'eve-route@example.com');
    // Anonymous: 401. Viewer Bob naming Ann's entry with his key: 403; with Ann's key: 404.
    expect((await sign(undefined, annsKey.id)).statusCode).toBe(401);
    expect((await sign(bob.headers, bobsKey.id)).statusCode).toBe(403);
    expect((await sign(bob.headers, annsKey.id)).statusCode).toBe(404);
    // A stranger and an admin who take no part: 404.
    expect((await sign(eve.headers, annsKey.id)).statusCode).toBe(404);
    expect((await sign(admin.headers, annsKey.id)).statusCode).toBe(404);
    const unchanged = await t.app.inject({
      url: `/rdss/v1/signatureChains/${chain.id}`,
      headers: ann.headers,
    });
    expect(unchanged.json()).toMatchObject({ status: 'CREATED', signedDocument: null });
    // The creator who signs their own entry with their own key: 200.
    expect((await sign(ann.headers, annsKey.id)).statusCode).toBe(200);
  });
});
