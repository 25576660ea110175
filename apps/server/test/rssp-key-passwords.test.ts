import { createHash, createPublicKey, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import { changeKeyPassword } from '#rssp/credentials/credential-service';
import { createRsspContext } from '#rssp/create-rssp-context';
import type { RsspContext } from '#rssp/context/rssp-context';
import { signHashes } from '#rssp/custody/sign-hashes';
import {
  createCredential,
  createRsspTestApp,
  fastKdfEnv,
  keyPassword,
  post,
  puk,
  type Person,
} from './rssp-fixture';
import type { TestApp } from './test-app';

const wrong = '999999';

describe('rSSP key passwords and PUKs', () => {
  let t: TestApp;
  let ann: Person;
  let ctx: RsspContext;

  beforeAll(async () => {
    ({ t, ann } = await createRsspTestApp(fastKdfEnv));
    ctx = await createRsspContext(t.context);
  });
  afterAll(() => t.close());

  async function activated(
    overrides: Parameters<typeof createCredential>[2] = {},
  ): Promise<Credential> {
    const created = await createCredential(t, ann, overrides);
    const res = await post(t, ann, `/rssp/v1/credentials/${created.id}/activate`, {
      keyPassword,
      keyPuk: puk,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ACTIVATED', keyBlocked: false });
    return res.json<Credential>();
  }

  const changePassword = (id: string, oldKeyPassword: string, newKeyPassword = oldKeyPassword) =>
    post(t, ann, `/rssp/v1/credentials/${id}/changePassword`, { oldKeyPassword, newKeyPassword });

  async function counters(id: string): Promise<{ password: number; puk: number }> {
    const result = await t.context.database.db.execute(
      sql`select failed_password_attempts as password, failed_puk_attempts as puk from rssp.credentials where id = ${id}`,
    );
    const row = (result as unknown as { rows: { password: number; puk: number }[] }).rows[0];
    return { password: Number(row?.password), puk: Number(row?.puk) };
  }

  async function pending(id: string): Promise<{ pending: number; recorded: number }> {
    const result = await t.context.database.db.execute(
      sql`select pending_password_attempts + pending_puk_attempts as pending,
        (select count(*) from rssp.secret_attempts where credential_id = ${id})::int as recorded
        from rssp.credentials where id = ${id}`,
    );
    const row = (result as unknown as { rows: { pending: number; recorded: number }[] }).rows[0];
    return { pending: Number(row?.pending), recorded: Number(row?.recorded) };
  }

  it('activates once; the PUK must be 12 digits and the password at least 6 digits', async () => {
    const created = await createCredential(t, ann);
    const badPuk = await post(t, ann, `/rssp/v1/credentials/${created.id}/activate`, {
      keyPassword,
      keyPuk: '12345',
    });
    expect(badPuk.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { keyPuk: 'The PUK must be 12 digits' },
    });
    const badPassword = await post(t, ann, `/rssp/v1/credentials/${created.id}/activate`, {
      keyPassword: '12ab',
      keyPuk: puk,
    });
    expect(badPassword.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const empty = await post(t, ann, `/rssp/v1/credentials/${created.id}/activate`, {});
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(
      (
        await post(t, ann, `/rssp/v1/credentials/${created.id}/activate`, {
          keyPassword,
          keyPuk: puk,
        })
      ).statusCode,
    ).toBe(200);
    const again = await post(t, ann, `/rssp/v1/credentials/${created.id}/activate`, {
      keyPassword,
      keyPuk: puk,
    });
    expect(again.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('5 wrong → KEY_BLOCKED and the right one fails too; unlock with the PUK restores it', async () => {
    const c = await activated();
    for (let i = 1; i <= 4; i++) {
      expect((await changePassword(c.id, wrong)).json()).toMatchObject({
        code: 'INCORRECT_KEYPASSWORD_OR_PUK',
      });
    }
    const fifth = await changePassword(c.id, wrong);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'KEY_BLOCKED' });
    expect((await changePassword(c.id, keyPassword)).json()).toMatchObject({ code: 'KEY_BLOCKED' });
    const view = await t.app.inject({ url: `/rssp/v1/credentials/${c.id}`, headers: ann.headers });
    expect(view.json()).toMatchObject({ keyBlocked: true, pukBlocked: false });

    const unlocked = await post(t, ann, `/rssp/v1/credentials/${c.id}/unlock`, {
      keyPuk: puk,
      newKeyPassword: '135790',
    });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ keyBlocked: false });
    expect((await changePassword(c.id, keyPassword)).json()).toMatchObject({
      code: 'INCORRECT_KEYPASSWORD_OR_PUK',
    });
    expect((await changePassword(c.id, '135790')).statusCode).toBe(200);
    expect(await counters(c.id)).toEqual({ password: 0, puk: 0 });
  });

  it('4 wrong + 1 right + 4 wrong leaves it usable', async () => {
    const c = await activated();
    for (let i = 0; i < 4; i++) expect((await changePassword(c.id, wrong)).statusCode).toBe(400);
    expect((await changePassword(c.id, keyPassword)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await changePassword(c.id, wrong)).statusCode).toBe(400);
    expect(await counters(c.id)).toEqual({ password: 4, puk: 0 });
    expect((await changePassword(c.id, keyPassword)).statusCode).toBe(200);
    expect(await counters(c.id)).toEqual({ password: 0, puk: 0 });
  });

  it('20 parallel wrong attempts leave the counter exact: at the maximum, with exactly 4 counted as wrong', async () => {
    const c = await activated();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => changePassword(c.id, wrong)),
    );
    const codes = answers.map((a) => a.json<{ code: string }>().code);
    expect(codes.filter((code) => code === 'INCORRECT_KEYPASSWORD_OR_PUK')).toHaveLength(4);
    expect(codes.filter((code) => code === 'KEY_BLOCKED')).toHaveLength(16);
    expect(await counters(c.id)).toEqual({ password: 5, puk: 0 });
  });

  it('20 parallel wrong attempts under a higher maximum count all 20', async () => {
    const c = await activated();
    const roomy: RsspContext = { ...ctx, config: { ...ctx.config, KEY_PASSWORD_MAX_ATTEMPTS: 50 } };
    const attempts = Array.from({ length: 20 }, () =>
      changeKeyPassword({
        ctx: roomy,
        actor: {
          id: ann.id,
          email: ann.email,
          name: ann.email,
          roles: ['user'],
          status: 'ENABLED',
          locale: 'EN',
          emailConfirmed: true,
        },
        id: c.id,
        input: { oldKeyPassword: wrong, newKeyPassword: wrong },
      }).then(
        () => 'ok',
        (error: { code?: string }) => error.code,
      ),
    );
    const codes = await Promise.all(attempts);
    expect(codes.every((code) => code === 'INCORRECT_KEYPASSWORD_OR_PUK')).toBe(true);
    expect(await counters(c.id)).toEqual({ password: 20, puk: 0 });
  });

  it('50 parallel wrong key passwords, to sign and to change it, are tried exactly 5 times: 4 wrong, 46 KEY_BLOCKED', async () => {
    const c = await activated();
    const digest = createHash('sha256').update('signed attributes').digest();
    const attempts = Array.from({ length: 50 }, (_, i) =>
      i % 2
        ? changePassword(c.id, wrong).then((a) => a.json<{ code: string }>().code)
        : signHashes(ctx, {
            credentialId: c.id,
            userId: ann.id,
            hashes: [digest],
            hashAlgorithm: 'sha256',
            authorisation: { type: 'keyPassword', keyPassword: wrong },
          }).then(
            () => 'ok',
            (error: { code?: string }) => error.code,
          ),
    );
    const codes = await Promise.all(attempts);
    expect(codes.filter((code) => code === 'INCORRECT_KEYPASSWORD_OR_PUK')).toHaveLength(4);
    expect(codes.filter((code) => code === 'KEY_BLOCKED')).toHaveLength(46);
    expect(await counters(c.id)).toEqual({ password: 5, puk: 0 });
    expect(await pending(c.id)).toEqual({ pending: 0, recorded: 0 });
    expect((await changePassword(c.id, keyPassword)).json()).toMatchObject({ code: 'KEY_BLOCKED' });
  });

  it('50 parallel wrong PUKs are tried exactly 3 times: 2 wrong, 48 KEY_BLOCKED, blocked for good', async () => {
    const c = await activated();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(t, ann, `/rssp/v1/credentials/${c.id}/unlock`, {
          keyPuk: '999999999999',
          newKeyPassword: '135790',
        }),
      ),
    );
    const codes = answers.map((a) => a.json<{ code: string }>().code);
    expect(codes.filter((code) => code === 'INCORRECT_KEYPASSWORD_OR_PUK')).toHaveLength(2);
    expect(codes.filter((code) => code === 'KEY_BLOCKED')).toHaveLength(48);
    expect(await counters(c.id)).toEqual({ password: 0, puk: 3 });
    expect(await pending(c.id)).toEqual({ pending: 0, recorded: 0 });
    const unlock = await post(t, ann, `/rssp/v1/credentials/${c.id}/unlock`, {
      keyPuk: puk,
      newKeyPassword: '135790',
    });
    expect(unlock.json()).toMatchObject({ code: 'KEY_BLOCKED' });
  });

  it('a right key password racing wrong ones opens the key, the wrong ones are answered wrong, and nothing stays pending', async () => {
    const c = await activated();
    const codes = await Promise.all(
      [wrong, wrong, keyPassword, wrong].map((p) =>
        changePassword(c.id, p).then((a) => a.json<{ code?: string }>().code ?? 'ok'),
      ),
    );
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(codes.filter((code) => code === 'INCORRECT_KEYPASSWORD_OR_PUK')).toHaveLength(3);
    // Whatever the order, never more than the wrong ones, and nothing left pending.
    expect((await counters(c.id)).password).toBeLessThanOrEqual(3);
    expect(await pending(c.id)).toEqual({ pending: 0, recorded: 0 });
  });

  it('changes the PUK; 3 wrong PUKs block the credential for good and only deletion remains', async () => {
    const c = await activated();
    const newPuk = '210987654321';
    const changed = await post(t, ann, `/rssp/v1/credentials/${c.id}/changePuk`, {
      oldKeyPuk: puk,
      newKeyPuk: newPuk,
      newKeyPassword: '112233',
    });
    expect(changed.statusCode).toBe(200);
    expect((await changePassword(c.id, '112233')).statusCode).toBe(200);
    const unlock = (keyPuk: string) =>
      post(t, ann, `/rssp/v1/credentials/${c.id}/unlock`, { keyPuk, newKeyPassword: keyPassword });
    expect((await unlock(puk)).json()).toMatchObject({ code: 'INCORRECT_KEYPASSWORD_OR_PUK' });
    expect((await unlock(puk)).json()).toMatchObject({ code: 'INCORRECT_KEYPASSWORD_OR_PUK' });
    expect((await unlock(puk)).json()).toMatchObject({ code: 'KEY_BLOCKED' });
    expect((await unlock(newPuk)).json()).toMatchObject({ code: 'KEY_BLOCKED' });
    expect((await changePassword(c.id, '112233')).json()).toMatchObject({ code: 'KEY_BLOCKED' });
    const view = await t.app.inject({ url: `/rssp/v1/credentials/${c.id}`, headers: ann.headers });
    expect(view.json()).toMatchObject({ pukBlocked: true });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/credentials/${c.id}`,
      headers: ann.headers,
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('password calls on a not-activated or implicit credential are refused', async () => {
    const created = await createCredential(t, ann);
    expect((await changePassword(created.id, keyPassword)).json()).toMatchObject({
      code: 'CREDENTIAL_NOT_ACTIVATED',
    });
    const implicit = await createCredential(t, ann, { authMode: 'IMPLICIT' });
    expect((await changePassword(implicit.id, keyPassword)).json()).toMatchObject({
      code: 'CREDENTIAL_NOT_ACTIVATED',
    });
  });

  it('signHashes unwraps the key only for the call, signs precomputed hashes, and counts wrong passwords', async () => {
    for (const overrides of [
      { keyAlg: 'rsa', rsaKeySize: 2048, ecCurveName: undefined },
      { keyAlg: 'ec', ecCurveName: 'brainpoolP384r1' },
      { keyAlg: 'ec', ecCurveName: 'secp256k1' },
    ] as const) {
      const c = await activated({ ...overrides, certificateEnrollmentMode: 'CMP' });
      const data = Buffer.from('signed attributes');
      const digest = createHash('sha256').update(data).digest();
      const { signatures, certChain } = await signHashes(ctx, {
        credentialId: c.id,
        userId: ann.id,
        hashes: [digest],
        hashAlgorithm: 'sha256',
        authorisation: { type: 'keyPassword', keyPassword },
      });
      const publicKey = createPublicKey(certChain[0] ?? '');
      expect(verify('sha256', data, publicKey, signatures[0]!)).toBe(true);
      await expect(
        signHashes(ctx, {
          credentialId: c.id,
          userId: ann.id,
          hashes: [digest],
          hashAlgorithm: 'sha256',
          authorisation: { type: 'keyPassword', keyPassword: wrong },
        }),
      ).rejects.toMatchObject({ code: 'INCORRECT_KEYPASSWORD_OR_PUK' });
      expect(await counters(c.id)).toEqual({ password: 1, puk: 0 });
      await expect(
        signHashes(ctx, {
          credentialId: c.id,
          userId: 'b0000000-0000-4000-8000-000000000000',
          hashes: [digest],
          hashAlgorithm: 'sha256',
          authorisation: { type: 'keyPassword', keyPassword },
        }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('signHashes with SLH-DSA signs the message itself', async () => {
    const { slh_dsa_sha2_128f } = await import('@noble/post-quantum/slh-dsa.js');
    const { certificateParts, fromPem } = await import('@signet/der');
    const c = await activated({
      keyAlg: 'sphincs+',
      ecCurveName: 'sphincs-sha2-128f',
      certificateEnrollmentMode: 'CMP',
    });
    const message = Buffer.from('signed attributes DER');
    const { signatures, certChain } = await signHashes(ctx, {
      credentialId: c.id,
      userId: ann.id,
      hashes: [message],
      hashAlgorithm: 'sha256',
      authorisation: { type: 'keyPassword', keyPassword },
    });
    const spki = certificateParts(fromPem(certChain[0] ?? '', 'CERTIFICATE')[0]!).spki;
    const publicKey = spki.subarray(spki.length - 32);
    expect(slh_dsa_sha2_128f.verify(signatures[0]!, message, publicKey)).toBe(true);
  });
});
