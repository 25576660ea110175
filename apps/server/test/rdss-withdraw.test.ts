import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowChip, type ChainFilter } from '@signet/contracts/chain-rules';
import type { Chain, ChainPage } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { SignResult } from '@signet/contracts/signatures';
import { approveNext, enroll, pendingRequests } from '../src/authenticator/authenticator-client';
import { enrollmentLink } from './device-fixture';
import { eventsDuring } from './events-during';
import { createCredential, createRsspTestApp, fastKdfEnv, person, post } from './rssp-fixture';
import type { Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import type { TestApp } from './test-app';
import { ruleChainOf } from '@signet/contracts/chain-view-rules';
import { freePort } from './free-port';

describe('rDSS withdrawing and declining (issue 26 §4)', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let carl: Person;
  let nss: string;
  let dir: string;
  const keys = new Map<string, Credential>();

  const call = (who: Person, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/rdss/v1${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const view = async (who: Person, id: string) =>
    (await call(who, 'GET', `/signatureChains/${id}`)).json<Chain>();
  const listed = async (who: Person, filter: ChainFilter) =>
    (await call(who, 'GET', `/signatureChains/self?filter=${filter}&page-size=50`))
      .json<ChainPage>()
      .content.map((c) => c.id);
  const sign = (who: Person, chain: Chain) =>
    post(t, who, '/rdss/v1/signatures/sign', signBody(chain, who, keys.get(who.id)!));

  beforeAll(async () => {
    // The device approves over HTTP, as the CLI authenticator does.
    const port = await freePort();
    ({ t, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      RSSP_API_URL: `http://127.0.0.1:${port}/rssp`,
    }));
    await t.app.listen({ port, host: '127.0.0.1' });
    carl = await person(t, 'carl@example.com');
    nss = await trustEmbeddedCa(t);
    dir = await mkdtemp(join(tmpdir(), 'signet-withdraw-'));
    keys.set(bob.id, await activatedCredential(t, bob));
    keys.set(carl.id, await activatedCredential(t, carl));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('withdraws after one of two signatures: the reason is kept, the signed revision stays valid and downloadable, every list says Withdrawn', async () => {
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
    });
    const signed = await sign(bob, chain);
    expect(signed.statusCode, signed.body).toBe(200);
    const revision = signed.json<SignResult>()[0]!.signedDocument.id;
    expect((await view(ann, chain.id)).status).toBe('CREATED');

    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const events = await eventsDuring(t.context.events, async () => {
      answer = await call(ann, 'PUT', `/signatureChains/withdraw/${chain.id}`, {
        reason: 'The client changed the terms',
      });
    });
    expect(answer!.statusCode, answer!.body).toBe(200);
    const withdrawn = answer!.json<Chain>();
    expect(withdrawn).toMatchObject({
      status: 'FAILED',
      endedReason: 'WITHDRAWN',
      withdrawReason: 'The client changed the terms',
      signatures: [{ status: 'DONE' }, { status: 'WITHDRAWN' }],
      signedDocument: { id: revision },
    });
    // Every participant hears of it under FAILED, the filter where they now find it.
    const filters = events
      .filter((e) => e.name === 'SIGNATURE_CHAIN_WITHDRAWN' && e.stream === 'rdss')
      .map((e) => [e.userId, (e.payload as { filter: string }).filter]);
    expect(filters).toEqual(
      expect.arrayContaining([
        [ann.id, 'FAILED'],
        [bob.id, 'FAILED'],
        [carl.id, 'FAILED'],
      ]),
    );
    for (const who of [ann, bob, carl]) {
      expect(await listed(who, 'FAILED'), who.email).toContain(chain.id);
      expect(await listed(who, 'ALL'), who.email).toContain(chain.id);
      expect(await listed(who, 'PENDING'), who.email).not.toContain(chain.id);
      const seen = await view(who, chain.id);
      expect(rowChip(ruleChainOf(seen), who.id), who.email).toBe('withdrawn');
    }
    // What Bob signed is his to take home: the revision downloads and its signature verifies.
    const bytes = await download(t, carl, revision);
    const checked = await checkSignedPdf(nss, bytes);
    expect(checked.signatures).toEqual([expect.objectContaining({ valid: true, trusted: true })]);
    expect(checked.qpdf, checked.qpdfOutput).toBe(0);
    // Nobody signs a withdrawn chain; it is withdrawn once.
    expect((await sign(carl, chain)).statusCode).toBe(403);
    const again = await call(ann, 'PUT', `/signatureChains/withdraw/${chain.id}`);
    expect(again.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  }, 60_000);

  it('withdraws without a body or reason; a reason over 255 characters is refused and nothing changes', async () => {
    const chain = await createChain(t, ann, { type: 'UNORDERED', signers: [{ email: bob.email }] });
    const long = await call(ann, 'PUT', `/signatureChains/withdraw/${chain.id}`, {
      reason: 'x'.repeat(256),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await view(ann, chain.id)).toMatchObject({ status: 'CREATED', endedReason: null });

    const plain = await call(ann, 'PUT', `/signatureChains/withdraw/${chain.id}`);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<Chain>()).toMatchObject({
      status: 'FAILED',
      endedReason: 'WITHDRAWN',
      withdrawReason: null,
    });
  });

  it('refuses to withdraw while a participant is signing (SIGNING_IN_PROGRESS); nothing changes, and the signing completes', async () => {
    // Bob signs with an IMPLICIT key: the signing waits for his phone's approval, in its turn.
    const statePath = join(dir, 'bob.json');
    const state = await enroll({
      link: await enrollmentLink(t, bob),
      statePath,
      friendlyName: 'Bob phone',
    });
    const implicit = await createCredential(t, bob, {
      description: 'Bob implicit',
      authMode: 'IMPLICIT',
      certificateEnrollmentMode: 'CMP',
    });
    const [activated] = await Promise.all([
      post(t, bob, `/rssp/v1/credentials/${implicit.id}/activate`),
      approveNext({ statePath, timeoutMs: 20_000 }),
    ]);
    expect(activated.statusCode, activated.body).toBe(200);

    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
    });
    const signing = post(t, bob, '/rdss/v1/signatures/sign', {
      credentialOptions: { credentialId: implicit.id },
      signatures: [{ signatureId: chain.id, currentSignatureId: chain.signatures[0]!.id }],
    });
    // The approval request reaching the device means the signing holds the chain's turn.
    const [request] = await pendingRequests(state, 10);
    expect(request).toMatchObject({ purpose: 'SIGN' });

    const refused = await call(ann, 'PUT', `/signatureChains/withdraw/${chain.id}`, {
      reason: 'Too late',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SIGNING_IN_PROGRESS' });
    expect(await view(ann, chain.id)).toMatchObject({
      status: 'CREATED',
      endedReason: null,
      withdrawReason: null,
      signatures: [{ status: 'CREATED' }, { status: 'CREATED' }],
    });

    const approved = await approveNext({ statePath, timeoutMs: 20_000 });
    expect(approved?.status).toBe('APPROVED');
    const signed = await signing;
    expect(signed.statusCode, signed.body).toBe(200);
    // Once the signing ended, the creator may withdraw what waits for Carl.
    const withdrawn = await call(ann, 'PUT', `/signatureChains/withdraw/${chain.id}`);
    expect(withdrawn.json<Chain>()).toMatchObject({
      endedReason: 'WITHDRAWN',
      signatures: [{ status: 'DONE' }, { status: 'WITHDRAWN' }],
    });
  }, 90_000);

  it('keeps a declined chain in the decliner’s All and Failed lists, shown as Declined to everyone', async () => {
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: bob.email }, { email: carl.email }],
    });
    let answer: Awaited<ReturnType<typeof post>> | undefined;
    const events = await eventsDuring(t.context.events, async () => {
      answer = await post(t, bob, `/rdss/v1/signatures/${chain.id}/decline`, {
        currentSignatureId: chain.signatures[0]!.id,
        comment: 'Wrong amount',
      });
    });
    expect(answer!.statusCode, answer!.body).toBe(200);
    expect(answer!.json<Chain>()).toMatchObject({
      status: 'FAILED',
      endedReason: 'DECLINED',
      signatures: [{ status: 'DECLINED', comment: 'Wrong amount' }, { status: 'CREATED' }],
    });
    const bobHeard = events.find(
      (e) => e.name === 'SIGNATURE_CHAIN_UPDATED' && e.userId === bob.id && e.stream === 'rdss',
    );
    expect(bobHeard?.payload).toEqual({ chainId: chain.id, filter: 'FAILED' });
    expect(await listed(bob, 'ALL')).toContain(chain.id);
    expect(await listed(bob, 'FAILED')).toContain(chain.id);
    expect(await listed(bob, 'TODO')).not.toContain(chain.id);
    for (const who of [ann, bob, carl]) {
      expect(await listed(who, 'FAILED'), who.email).toContain(chain.id);
      expect(rowChip(ruleChainOf(await view(who, chain.id)), who.id), who.email).toBe('declined');
    }
  });
});
