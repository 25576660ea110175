import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainPage, CreateChainInput } from '@signet/contracts/chains';
import { createRsspTestApp, fastKdfEnv, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

/**
 * The role toggle's rules (documents §4) hold on the server too: a create-chain payload the form
 * could not make is refused, field by field, and stores nothing.
 */
describe.each([
  { label: 'user groups on, clerk on', USER_GROUPS_ENABLED: 'true', CLERK_ENABLED: 'true' },
  { label: 'user groups off, clerk off', USER_GROUPS_ENABLED: 'false', CLERK_ENABLED: 'false' },
])('rDSS participant roles ($label)', (features) => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  const groups = features.USER_GROUPS_ENABLED === 'true';
  const clerk = features.CLERK_ENABLED === 'true';

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      USER_GROUPS_ENABLED: features.USER_GROUPS_ENABLED,
      CLERK_ENABLED: features.CLERK_ENABLED,
    }));
  });
  afterAll(() => t.close());

  async function attempt(signers: CreateChainInput['signers']) {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents?fileName=roles.pdf',
      headers: { ...ann.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from(await pdf.save()),
    });
    expect(uploaded.statusCode).toBe(201);
    return t.app.inject({
      method: 'POST',
      url: '/rdss/v1/signatureChains',
      headers: ann.headers,
      payload: { type: 'ORDERED', origDocId: uploaded.json<{ id: string }>().id, signers },
    });
  }

  const chainCount = async () =>
    (
      await t.app.inject({
        url: '/rdss/v1/signatureChains/self?page-size=0',
        headers: ann.headers,
      })
    ).json<ChainPage>().total;

  it('refuses an invited e-mail as an approver: its roles are unknown', async () => {
    const before = await chainCount();
    const res = await attempt([{ email: 'walk-in@example.org', approver: true, clerkMode: false }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'signers.0.email': 'walk-in@example.org cannot take part as approver' },
    });
    expect(await chainCount()).toBe(before);
  });

  it('gives a registered signer the clerk role only when clerk signing is on', async () => {
    const res = await attempt([
      { email: bob.email, approver: false, clerkMode: true, subsignerName: 'Walk-in Client' },
    ]);
    if (clerk) {
      expect(res.statusCode, res.body).toBe(201);
    } else {
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { 'signers.0.email': 'Clerk signing is not enabled' },
      });
    }
  });

  it('keeps an invited e-mail a signer under user groups, and lets it be a clerk without them', async () => {
    const res = await attempt([
      { email: 'new@example.org', approver: false, clerkMode: true, subsignerName: 'Client' },
    ]);
    if (groups || !clerk) {
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      if (clerk) {
        expect(res.json()).toMatchObject({
          fields: { 'signers.0.email': 'new@example.org cannot take part as clerk' },
        });
      }
    } else {
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('refuses a suspended account in any role', async () => {
    const suspended = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${bob.id}`,
      headers: admin.headers,
      payload: { status: 'SUSPENDED' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const res = await attempt([{ email: bob.email, approver: false, clerkMode: false }]);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'signers.0.email': `${bob.email} cannot take part as signer` },
    });
  });
});
