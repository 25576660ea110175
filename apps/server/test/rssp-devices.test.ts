import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import type { Device, DevicePage } from '@signet/contracts/devices';
import type { SignResult } from '@signet/contracts/signatures';
import {
  approveNext,
  pendingRequests,
  sendDecision,
  signDecision,
} from '../src/authenticator/authenticator-client';
import { readState, type AuthenticatorState } from '../src/authenticator/authenticator-state';
import { requestApproval } from '#rssp/devices/device-approval';
import { deviceApprovals, deviceEnrollments } from '#rssp/devices/device-table';
import { findCredential } from '#rssp/records/credential-store';
import { createRsspContext } from '#rssp/create-rssp-context';
import type { RsspContext } from '#rssp/context/rssp-context';
import { signHashes } from '#rssp/custody/sign-hashes';
import { enrollKeyDevice, enrollmentLink, keyUse, runAuthenticator } from './device-fixture';
import { eventsDuring } from './events-during';
import { createCredential, createRsspTestApp, fastKdfEnv, post, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';
import { checkSignedPdf, createChain, download, trustEmbeddedCa } from './signing-fixture';
import { freePort } from './free-port';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

describe('rSSP devices: enrollment, the CLI authenticator and the approval protocol', () => {
  let t: TestApp;
  let ctx: RsspContext;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let dir: string;
  let statePath: string;
  let state: AuthenticatorState;
  let implicitKey: Credential;

  beforeAll(async () => {
    const port = await freePort();
    ({ t, admin, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      RSSP_API_URL: `http://127.0.0.1:${port}/rssp`,
    }));
    await t.app.listen({ port, host: '127.0.0.1' });
    ctx = await createRsspContext(t.context);
    dir = await mkdtemp(join(tmpdir(), 'signet-authenticator-'));
    statePath = join(dir, 'ann.json');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('activating an implicit credential without a device answers NO_ENABLED_DEVICES', async () => {
    const key = await createCredential(t, bob, { authMode: 'IMPLICIT' });
    const res = await post(t, bob, `/rssp/v1/credentials/${key.id}/activate`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_ENABLED_DEVICES' });
  });

  it('enrolls the CLI authenticator from the add-device link: key in a 0600 state file, code works once', async () => {
    const link = await enrollmentLink(t, ann);
    expect(link).toMatch(/\/authenticator#enroll=[A-Za-z0-9_-]{43}&rssp=/);
    const events = await eventsDuring(t.context.events, async () => {
      const run = await runAuthenticator([
        'enroll',
        link,
        '--state',
        statePath,
        '--name',
        'Ann CLI',
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Enrolled as “Ann CLI”');
    });
    expect(events.map((e) => e.name)).toContain('DEVICE_CREATED');
    expect((await stat(statePath)).mode & 0o777).toBe(0o600);
    state = await readState(statePath);
    expect(state.privateKeyPem).toContain('PRIVATE KEY');

    const list = await t.app.inject({ url: '/rssp/v1/devices/self', headers: ann.headers });
    expect(list.json<DevicePage>()).toMatchObject({
      total: 1,
      content: [{ id: state.deviceId, friendlyName: 'Ann CLI', kind: 'KEY', enabled: true }],
    });
    // The server holds the public key only.
    expect(JSON.stringify(list.json())).not.toContain('PRIVATE');

    const again = await runAuthenticator(['enroll', link, '--state', join(dir, 'again.json')]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('INVALID_REQUEST');

    const expiring = await enrollmentLink(t, ann);
    await t.context.database.db
      .update(deviceEnrollments)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await runAuthenticator(['enroll', expiring, '--state', join(dir, 'late.json')]);
    expect(late.code).toBe(1);
    expect(
      (await t.app.inject({ url: '/rssp/v1/devices/self', headers: ann.headers })).json(),
    ).toMatchObject({ total: 1 });
  }, 60_000);

  it('activates an implicit credential when the CLI approves, and refuses it when the CLI denies', async () => {
    implicitKey = await createCredential(t, ann, {
      description: 'Ann implicit',
      authMode: 'IMPLICIT',
      certificateEnrollmentMode: 'CMP',
    });
    const denied = await createCredential(t, ann, {
      description: 'Ann denied',
      authMode: 'IMPLICIT',
    });

    const [activation, approval] = await Promise.all([
      post(t, ann, `/rssp/v1/credentials/${implicitKey.id}/activate`),
      runAuthenticator(['approve', '--state', statePath]),
    ]);
    expect(approval.code, approval.stderr).toBe(0);
    expect(approval.stdout).toContain('asks to activate the credential “Ann implicit”');
    expect(approval.stdout).toContain('Approved: APPROVED');
    expect(activation.statusCode, activation.body).toBe(200);
    expect(activation.json()).toMatchObject({ status: 'ACTIVATED' });

    const [refused, denial] = await Promise.all([
      post(t, ann, `/rssp/v1/credentials/${denied.id}/activate`),
      runAuthenticator(['approve', '--state', statePath, '--deny']),
    ]);
    expect(denial.code, denial.stderr).toBe(0);
    expect(denial.stdout).toContain('Denied: DENIED');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'AUTHORIZATION_DENIED' });
    const after = await t.app.inject({
      url: `/rssp/v1/credentials/${denied.id}`,
      headers: ann.headers,
    });
    expect(after.json()).toMatchObject({ status: 'CREATED' });
  }, 60_000);

  const texts = ['document one', 'document two'];
  const hashes = texts.map(sha256);
  const sign = (authorisation: Parameters<typeof signHashes>[1]['authorisation'], over = hashes) =>
    signHashes(ctx, {
      credentialId: implicitKey.id,
      userId: ann.id,
      hashes: over,
      hashAlgorithm: 'sha256',
      authorisation,
    });

  it('signs hashes with an implicit credential after the device approves exactly them', async () => {
    const before = await keyUse(t, implicitKey.id);
    const [signed, approved] = await Promise.all([
      sign({ type: 'device', documents: ['contract.pdf', 'annex.pdf'] }),
      approveNext({ statePath, timeoutMs: 20_000 }),
    ]);
    expect(approved?.request).toMatchObject({
      purpose: 'SIGN',
      documents: ['contract.pdf', 'annex.pdf'],
      hashes: hashes.map((h) => h.toString('base64')),
    });
    const row = await findCredential(t.context.database.db, implicitKey.id);
    const spki = createPublicKey({
      key: Buffer.from(row?.publicKey ?? '', 'base64'),
      format: 'der',
      type: 'spki',
    });
    // ECDSA over the precomputed SHA-256 digests: each verifies over its document text.
    signed.signatures.forEach((signature, i) => {
      expect(verify('sha256', Buffer.from(texts[i] ?? ''), spki, signature)).toBe(true);
    });
    const after = await keyUse(t, implicitKey.id);
    expect(after.keyUnwrapCount).toBe(before.keyUnwrapCount + 1);
    expect(after.signatureCount).toBe(before.signatureCount + 2);
  }, 30_000);

  it('signs a document with the IMPLICIT credential approved on the CLI authenticator; pdfsig validates it', async () => {
    const nss = await trustEmbeddedCa(t);
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: ann.email }],
    });
    const entry = chain.signatures[0];
    if (!entry) throw new Error('no entry');
    const [signed, approval] = await Promise.all([
      post(t, ann, '/rdss/v1/signatures/sign', {
        credentialOptions: { credentialId: implicitKey.id },
        signatures: [{ signatureId: chain.id, currentSignatureId: entry.id }],
      }),
      runAuthenticator(['approve', '--state', statePath]),
    ]);
    expect(approval.code, approval.stderr).toBe(0);
    expect(approval.stdout).toContain('asks to make 1 signature with “Ann implicit”');
    expect(approval.stdout).toContain('documents: contract.pdf');
    expect(signed.statusCode, signed.body).toBe(200);
    const [result] = signed.json<SignResult>();
    const bytes = await download(t, ann, result?.signedDocument.id ?? '');
    const checked = await checkSignedPdf(nss, bytes);
    expect(checked.signatures).toEqual([
      expect.objectContaining({ valid: true, trusted: true, signer: 'Ann Test' }),
    ]);
    expect(checked.qpdf, checked.qpdfOutput).toBe(0);
  }, 60_000);

  /** Starts an implicit signing, returns its pending request as the device sees it. */
  async function pendingSigning(over = hashes) {
    const outcome = sign({ type: 'device' }, over).then(
      () => 'signed',
      (error: { code?: string }) => error.code,
    );
    const [request] = await pendingRequests(state, 10);
    if (!request) throw new Error('no request arrived');
    return { outcome, request };
  }

  async function expectKeyUntouched(work: () => Promise<void>) {
    const before = await keyUse(t, implicitKey.id);
    await work();
    const after = await keyUse(t, implicitKey.id);
    expect(after).toEqual(before);
  }

  it('refuses a replayed approval, and the key is not used', async () => {
    const first = await pendingSigning();
    const approval = {
      approvalId: first.request.id,
      decision: 'APPROVE' as const,
      signature: signDecision(state, first.request, 'APPROVE'),
    };
    await sendDecision(state, approval);
    expect(await first.outcome).toBe('signed');
    await expectKeyUntouched(async () => {
      // The same approval sent again: the request was decided and its approval used.
      await expect(sendDecision(state, approval)).rejects.toMatchObject({
        code: 'AUTHORIZATION_INVALID',
      });
      // The same signature replayed onto a new request for the same hashes does not verify.
      const second = await pendingSigning();
      await expect(
        sendDecision(state, { ...approval, approvalId: second.request.id }),
      ).rejects.toMatchObject({ code: 'AUTHORIZATION_INVALID' });
      await sendDecision(state, {
        approvalId: second.request.id,
        decision: 'DENY',
        signature: signDecision(state, second.request, 'DENY'),
      });
      expect(await second.outcome).toBe('AUTHORIZATION_DENIED');
    });
  }, 30_000);

  it('refuses an approval signed for other hashes, and the key is not used', async () => {
    await expectKeyUntouched(async () => {
      const { outcome, request } = await pendingSigning();
      const forged = { ...request, hashes: [sha256('something else').toString('base64')] };
      await expect(
        sendDecision(state, {
          approvalId: request.id,
          decision: 'APPROVE',
          signature: signDecision(state, forged, 'APPROVE'),
        }),
      ).rejects.toMatchObject({ code: 'AUTHORIZATION_INVALID' });
      await sendDecision(state, {
        approvalId: request.id,
        decision: 'DENY',
        signature: signDecision(state, request, 'DENY'),
      });
      expect(await outcome).toBe('AUTHORIZATION_DENIED');
    });
    // An approval given for some hashes cannot sign others, and is used once.
    const approval = await requestApproval(ctx, {
      credential: (await findCredential(t.context.database.db, implicitKey.id))!,
      purpose: 'SIGN',
      hashes: hashes.map((h) => h.toString('base64')),
      hashAlgorithm: 'sha256',
    });
    await approveNext({ statePath, timeoutMs: 10_000 });
    await expectKeyUntouched(async () => {
      await expect(
        sign({ type: 'device', approvalId: approval.id }, [sha256('other')]),
      ).rejects.toMatchObject({ code: 'AUTHORIZATION_INVALID' });
    });
    await expect(sign({ type: 'device', approvalId: approval.id })).resolves.toMatchObject({
      signatures: [expect.any(Buffer), expect.any(Buffer)],
    });
    await expectKeyUntouched(async () => {
      await expect(sign({ type: 'device', approvalId: approval.id })).rejects.toMatchObject({
        code: 'AUTHORIZATION_INVALID',
      });
    });
  }, 30_000);

  it('refuses an approval after the request expired, and the key is not used', async () => {
    await expectKeyUntouched(async () => {
      const { outcome, request } = await pendingSigning();
      await t.context.database.db
        .update(deviceApprovals)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(deviceApprovals.id, request.id));
      await expect(
        sendDecision(state, {
          approvalId: request.id,
          decision: 'APPROVE',
          // Signed over the request as it was shown: its expiry has passed.
          signature: signDecision(state, request, 'APPROVE'),
        }),
      ).rejects.toMatchObject({ code: 'AUTHORIZATION_EXPIRED' });
      expect(await outcome).toBe('AUTHORIZATION_EXPIRED');
    });
  }, 30_000);

  it('renames (4–255), refuses to delete a device with pending approvals, then deletes it', async () => {
    const short = await t.app.inject({
      method: 'PUT',
      url: `/rssp/v1/devices/${state.deviceId}`,
      headers: ann.headers,
      payload: { friendlyName: 'abc' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const events = await eventsDuring(t.context.events, async () => {
      const renamed = await t.app.inject({
        method: 'PUT',
        url: `/rssp/v1/devices/${state.deviceId}`,
        headers: ann.headers,
        payload: { friendlyName: 'Ann terminal' },
      });
      expect(renamed.json<Device>()).toMatchObject({ friendlyName: 'Ann terminal' });
    });
    expect(events.map((e) => e.name)).toEqual(['DEVICE_UPDATED']);

    const { outcome, request } = await pendingSigning();
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/devices/${state.deviceId}`,
      headers: ann.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STILL_REFERENCED' });
    await sendDecision(state, {
      approvalId: request.id,
      decision: 'DENY',
      signature: signDecision(state, request, 'DENY'),
    });
    expect(await outcome).toBe('AUTHORIZATION_DENIED');
    const deleted = await eventsDuring(t.context.events, async () => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/rssp/v1/devices/${state.deviceId}`,
        headers: ann.headers,
      });
      expect(res.statusCode).toBe(204);
    });
    expect(deleted.map((e) => e.name)).toEqual(['DEVICE_DELETED']);
    // The deleted device's token no longer reads anything.
    await expect(pendingRequests(state, 0)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("keeps another user's device from being read, renamed, used or deleted", async () => {
    const anns = await enrollKeyDevice(t, ann, 'Ann second phone');
    const bobs = await enrollKeyDevice(t, bob, 'Bob phone');
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { friendlyName: 'Hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/rssp/v1/devices/${anns.device.id}`,
        headers: bob.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    // Bob's device sees none of Ann's requests and cannot decide them.
    const bobState: AuthenticatorState = {
      rsspApiUrl: state.rsspApiUrl,
      deviceId: bobs.device.id,
      friendlyName: 'Bob phone',
      deviceToken: bobs.deviceToken,
      privateKeyPem: bobs.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    };
    await expectKeyUntouched(async () => {
      const annsState = { ...bobState, deviceToken: anns.deviceToken };
      const outcome = sign({ type: 'device' }).then(
        () => 'signed',
        (error: { code?: string }) => error.code,
      );
      const [request] = await pendingRequests(annsState, 10);
      if (!request) throw new Error('no request');
      expect(await pendingRequests(bobState, 0)).toEqual([]);
      await expect(
        sendDecision(bobState, {
          approvalId: request.id,
          decision: 'APPROVE',
          signature: signDecision(bobState, request, 'APPROVE'),
        }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      // Ann's device token with Bob's key (another device's signature) does not verify either.
      await expect(
        sendDecision(annsState, {
          approvalId: request.id,
          decision: 'APPROVE',
          signature: signDecision(bobState, request, 'APPROVE'),
        }),
      ).rejects.toMatchObject({ code: 'AUTHORIZATION_INVALID' });
      await sendDecision(annsState, {
        approvalId: request.id,
        decision: 'DENY',
        signature: signDecision(
          {
            ...annsState,
            privateKeyPem: anns.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
          },
          request,
          'DENY',
        ),
      });
      expect(await outcome).toBe('AUTHORIZATION_DENIED');
    });
    const mine = await t.app.inject({
      url: `/rssp/v1/devices/${anns.device.id}`,
      headers: ann.headers,
    });
    expect(mine.json()).toMatchObject({ friendlyName: 'Ann second phone' });
    // Bob cannot ask for Ann's key: her credential is not his.
    await expect(
      signHashes(ctx, {
        credentialId: implicitKey.id,
        userId: bob.id,
        hashes,
        hashAlgorithm: 'sha256',
        authorisation: { type: 'device' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The admin's list has both users' devices; a user may not read it.
    const all = await t.app.inject({ url: '/rssp/v1/devices', headers: admin.headers });
    expect(all.json<DevicePage>().content.map((d) => d.friendlyName)).toEqual(
      expect.arrayContaining(['Ann second phone', 'Bob phone']),
    );
    const notAdmin = await t.app.inject({ url: '/rssp/v1/devices', headers: bob.headers });
    expect(notAdmin.statusCode).toBe(403);
  });
});
