import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningTrailInput } from '#rdss/trail/signing-trail-content';
import { renderSigningTrail } from '#rdss/trail-layout/signing-trail-render';
import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { SignRequestInput } from '@signet/contracts/signatures';
import { createRsspTestApp, fastKdfEnv, person, post, type Person } from './rssp-fixture';
import { activatedCredential, createChain, signBody } from './signing-fixture';
import type { TestApp } from './test-app';

describe('rDSS chain history (GET signatureChains/{id}/history)', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let carl: Person;
  let dave: Person;
  let eve: Person;
  let bobKey: Credential;

  const history = (who: Person, id: string) =>
    t.app.inject({ url: `/rdss/v1/signatureChains/${id}/history`, headers: who.headers });
  const eventsOf = async (id: string) => (await history(ann, id)).json<ChainHistoryEvent[]>();
  const open = (who: Person, id: string) =>
    t.app.inject({ url: `/rdss/v1/signatureChains/${id}`, headers: who.headers });
  const entryOf = (chain: Chain, who: Person) =>
    chain.signatures.find((s) => s.user.id === who.id)?.id ?? '';
  /** Signs from a client address of its own, as Fastify sees it (no proxy is trusted). */
  const sign = (who: Person, body: SignRequestInput) =>
    t.app.inject({
      method: 'POST',
      url: '/rdss/v1/signatures/sign',
      headers: who.headers,
      payload: body,
      remoteAddress: '203.0.113.9',
    });

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp(fastKdfEnv));
    carl = await person(t, 'carl@example.com');
    dave = await person(t, 'dave@example.com');
    eve = await person(t, 'eve@example.com');
    const roles = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${carl.id}`,
      headers: admin.headers,
      payload: { roles: ['approver'] },
    });
    expect(roles.statusCode).toBe(200);
    bobKey = await activatedCredential(t, bob, { keyAlg: 'ec', ecCurveName: 'prime256v1' });
  }, 120_000);
  afterAll(() => t.close());

  it('records invite, first opening, approval, signature and completion in order, for the people of the chain only', async () => {
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: carl.email, approver: true }, { email: bob.email }],
      viewerEmails: [dave.email],
    });
    // The creator's own reads are no openings; Carl's second read is not a first one.
    expect((await open(ann, chain.id)).statusCode).toBe(200);
    expect((await open(carl, chain.id)).statusCode).toBe(200);
    expect((await open(carl, chain.id)).statusCode).toBe(200);
    const approved = await post(t, carl, `/rdss/v1/signatures/${chain.id}/approve`, {
      currentSignatureId: entryOf(chain, carl),
      comment: 'Read all three pages',
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // A failed signing records nothing: a wrong key password.
    const before = await eventsOf(chain.id);
    const wrong = await sign(bob, {
      ...signBody(chain, bob, bobKey),
      credentialOptions: { credentialId: bobKey.id, PIN: '999999' },
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(await eventsOf(chain.id)).toEqual(before);

    expect((await open(bob, chain.id)).statusCode).toBe(200);
    const signed = await sign(
      bob,
      signBody(chain, bob, bobKey, {
        item: {
          signatureFieldParameters: { page: 2, originX: 40, originY: 60, width: 180, height: 50 },
        },
      }),
    );
    expect(signed.statusCode, signed.body).toBe(200);

    const events = await eventsOf(chain.id);
    expect(events.map((e) => [e.kind, e.detail.email])).toEqual([
      ['CREATED', ann.email],
      ['INVITED', carl.email],
      ['INVITED', bob.email],
      ['INVITED', dave.email],
      ['OPENED', carl.email],
      ['APPROVED', carl.email],
      ['OPENED', bob.email],
      ['SIGNED', bob.email],
      ['COMPLETED', undefined],
    ]);
    expect(events.find((e) => e.kind === 'CREATED')?.detail.name).toBe('ann Test');
    expect(events.find((e) => e.kind === 'APPROVED')?.detail).toMatchObject({
      name: 'carl Test',
      reason: 'Read all three pages',
    });
    const certificate = bobKey.certChain[0];
    expect(events.find((e) => e.kind === 'SIGNED')).toMatchObject({
      entryId: entryOf(chain, bob),
      actorId: bob.id,
      detail: {
        name: 'bob Test',
        email: bob.email,
        certificateSerial: certificate?.serialNum,
        certificateSubject: expect.stringContaining('CN=bob'),
        certificateIssuer: expect.stringContaining('CN='),
        page: 2,
        clientAddress: '203.0.113.9',
      },
    });
    const times = events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The creator, participants, viewers and admins read it; anyone else does not learn it exists.
    for (const who of [ann, bob, carl, dave, admin]) {
      const res = await history(who, chain.id);
      expect(res.statusCode, who.email).toBe(200);
      expect(res.json<ChainHistoryEvent[]>()).toHaveLength(events.length);
    }
    const outsider = await history(eve, chain.id);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 'NOT_FOUND' });
    // Eve reading the chain records no opening either.
    expect((await open(eve, chain.id)).statusCode).toBe(404);
    expect(await eventsOf(chain.id)).toHaveLength(events.length);

    // The signing trail of the chain prints what the history holds.
    const input = await loadSigningTrailInput(t.context, t.context.database.db, chain.id);
    expect(input).toMatchObject({
      documentName: 'contract.pdf',
      chainId: chain.id,
      chainType: 'ORDERED',
      creator: { name: 'ann Test', email: ann.email },
      language: 'en',
      events,
    });
    expect(input.uploadSha256).toMatch(/^[0-9a-f]{64}$/);
    const dir = mkdtempSync(join(tmpdir(), 'trail-'));
    try {
      writeFileSync(join(dir, 'trail.pdf'), await renderSigningTrail(input));
      const text = execFileSync('pdftotext', [join(dir, 'trail.pdf'), '-'], { encoding: 'utf8' });
      for (const shown of [bob.email, 'bob Test', certificate?.serialNum ?? '?', '203.0.113.9']) {
        expect(text).toContain(shown);
      }
      const signedAt = events.find((e) => e.kind === 'SIGNED')?.at ?? '';
      expect(text).toContain(`${signedAt.slice(0, 19).replace('T', ' ')} UTC`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records a decline with its reason, and a refused decline records nothing', async () => {
    const chain = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    const refused = await post(t, carl, `/rdss/v1/signatures/${chain.id}/decline`, {
      currentSignatureId: entryOf(chain, bob),
      comment: 'Not mine',
    });
    expect(refused.statusCode).toBe(404);
    const declined = await post(t, bob, `/rdss/v1/signatures/${chain.id}/decline`, {
      currentSignatureId: entryOf(chain, bob),
      comment: 'Wrong amount on page 2',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const events = await eventsOf(chain.id);
    expect(events.map((e) => e.kind)).toEqual(['CREATED', 'INVITED', 'DECLINED']);
    expect(events[2]?.detail).toMatchObject({
      name: 'bob Test',
      email: bob.email,
      reason: 'Wrong amount on page 2',
    });
  });

  it('records a withdrawal, and an outsider cannot withdraw', async () => {
    const chain = await createChain(t, ann, { type: 'UNORDERED', signers: [{ email: bob.email }] });
    const outsider = await t.app.inject({
      method: 'PUT',
      url: `/rdss/v1/signatureChains/withdraw/${chain.id}`,
      headers: bob.headers,
    });
    expect(outsider.statusCode).toBe(403);
    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: `/rdss/v1/signatureChains/withdraw/${chain.id}`,
      headers: ann.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const events = await eventsOf(chain.id);
    expect(events.map((e) => e.kind)).toEqual(['CREATED', 'INVITED', 'WITHDRAWN']);
    expect(events[2]).toMatchObject({ actorId: ann.id, detail: { email: ann.email } });
  });

  it('answers 404 for a chain that does not exist', async () => {
    const res = await history(ann, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});
