import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain, ChainPage, CreateChainInput } from '@signet/contracts/chains';
import type { ChainFilter } from '@signet/contracts/chain-rules';
import type { Credential } from '@signet/contracts/credentials';
import type { User } from '@signet/contracts/users';
import { resendEmailConfirmation } from '#idp/accounts/account-service';
import { findAccountByEmail } from '#idp/accounts/account-store';
import { linkIn, type ReceivedMail } from './mailbox';
import {
  createRsspTestApp,
  credentialInput,
  fastKdfEnv,
  person,
  type Person,
} from './rssp-fixture';
import { makePdf, uploadPdf } from './signing-fixture';
import { confirmAddress, postAccountForm, registerAccount, signIn } from './sign-in';
import type { TestApp } from './test-app';

/**
 * Issue 25 §1: an address counts only once its owner proved it. An account that registered an
 * address without confirming it is treated like an unregistered address: nothing addressed to it
 * reaches it, the CA names no address for it, and it makes Signet mail no one.
 */
describe('an address counts only once it is confirmed', () => {
  let t: TestApp;
  let ann: Person;
  const password = 'user-password-1';

  const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const upload = async (who: Person) => uploadPdf(t, who, await makePdf());

  const chainInput = async (who: Person, emails: string[]): Promise<CreateChainInput> => ({
    type: 'UNORDERED',
    signers: emails.map((email) => ({ email })),
    origDocId: await upload(who),
  });

  const listed = async (who: Person, filter: ChainFilter) =>
    (await call(who, 'GET', `/rdss/v1/signatureChains/self?filter=${filter}&page-size=50`))
      .json<ChainPage>()
      .content.map((c) => c.id);

  /** Registers without opening the confirmation mail, signs in; the mail is kept for later. */
  async function unconfirmed(email: string): Promise<{ who: Person; mail: ReceivedMail }> {
    const since = t.mailbox.received.length;
    await registerAccount(
      t.app,
      { email, password, givenName: 'Un', familyName: 'Confirmed' },
      { confirm: false },
    );
    const mail = await t.mailbox.next(email, since);
    return { who: await person(t, email, password, false), mail };
  }

  beforeAll(async () => {
    ({ t, ann } = await createRsspTestApp(fastKdfEnv));
  });
  afterAll(() => t.close());

  it('gives an unconfirmed registrant nothing addressed to the address; the confirmed owner gets the chain', async () => {
    const { who: mallory, mail: confirmation } = await unconfirmed('ceo@victim-corp.example');
    const self = (await call(mallory, 'GET', '/api/v1/users/self')).json<User>();
    expect(self.emailConfirmed).toBe(false);

    const since = t.mailbox.received.length;
    const created = await call(
      ann,
      'POST',
      '/rdss/v1/signatureChains',
      await chainInput(ann, ['ceo@victim-corp.example']),
    );
    expect(created.statusCode, created.body).toBe(201);
    const chain = created.json<Chain>();
    expect(chain.signatures[0]?.user.id).toBeNull();
    // The address is invited by mail, as an unregistered one would be.
    const invitation = await t.mailbox.next('ceo@victim-corp.example', since);
    expect(invitation.text).toContain('http://localhost:8080/join/chain#');

    expect(await listed(mallory, 'ALL')).not.toContain(chain.id);
    expect(await listed(mallory, 'TODO')).not.toContain(chain.id);
    expect((await call(mallory, 'GET', `/rdss/v1/signatureChains/${chain.id}`)).statusCode).toBe(
      404,
    );
    const documentId = chain.origDocument!.id;
    expect((await call(mallory, 'GET', `/rdss/v1/documents/${documentId}/file`)).statusCode).toBe(
      404,
    );
    // The invitation link, opened by the unconfirmed account, binds nothing either.
    const token = new URL(linkIn(invitation, 'http://localhost:8080/join/chain#')).hash.slice(1);
    const opened = await call(mallory, 'POST', '/rdss/v1/signatureChains/invitation', { token });
    expect(opened.statusCode).toBe(403);
    expect(opened.json()).toMatchObject({ code: 'ADDRESS_NOT_CONFIRMED' });
    expect(await listed(mallory, 'ALL')).not.toContain(chain.id);

    // The owner of the mailbox confirms: the chain is theirs at once, with the same token.
    await confirmAddress(t.app, confirmation);
    expect((await call(mallory, 'GET', '/api/v1/users/self')).json<User>().emailConfirmed).toBe(
      true,
    );
    expect(await listed(mallory, 'TODO')).toContain(chain.id);
    const view = await call(mallory, 'GET', `/rdss/v1/signatureChains/${chain.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json<Chain>().signatures[0]?.user.id).toBe(mallory.id);
    const file = await call(mallory, 'GET', `/rdss/v1/documents/${documentId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('counts a confirmation made after the token was issued, before the app first saw the account', async () => {
    const since = t.mailbox.received.length;
    await registerAccount(
      t.app,
      { email: 'early@corp.example', password, givenName: 'Ear', familyName: 'Ly' },
      { confirm: false },
    );
    const { accessToken } = await signIn(t.app, { email: 'early@corp.example', password });
    await confirmAddress(t.app, await t.mailbox.next('early@corp.example', since));
    const self = await t.app.inject({
      url: '/api/v1/users/self',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(self.json<User>()).toMatchObject({ email: 'early@corp.example', emailConfirmed: true });
  });

  it('lets the owner take an address an unconfirmed account holds; the holder loses it', async () => {
    const { who: squatter } = await unconfirmed('owner@corp.example');
    const chain = (
      await call(
        ann,
        'POST',
        '/rdss/v1/signatureChains',
        await chainInput(ann, ['owner@corp.example']),
      )
    ).json<Chain>();
    expect(await listed(squatter, 'ALL')).not.toContain(chain.id);

    // The owner registers the same address: the form answers as for a fresh one.
    const form = {
      givenName: 'Real',
      familyName: 'Owner',
      password: 'owners-password-1',
      passwordConfirm: 'owners-password-1',
    };
    const since = t.mailbox.received.length;
    const taken = await postAccountForm(t.app, '/oidc/register', {
      ...form,
      email: 'owner@corp.example',
    });
    const fresh = await postAccountForm(t.app, '/oidc/register', {
      ...form,
      email: 'fresh-owner@corp.example',
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(fresh.body);
    // Until the mailed link is posted, the holder keeps the account.
    await signIn(t.app, { email: 'owner@corp.example', password });
    const mail = await t.mailbox.next('owner@corp.example', since);
    await confirmAddress(t.app, mail);

    // The holder's sessions end and its password no longer signs in; the owner's does.
    expect((await call(squatter, 'GET', '/api/v1/users/self')).statusCode).toBe(401);
    await expect(signIn(t.app, { email: 'owner@corp.example', password })).rejects.toThrow();
    const owner = await person(t, 'owner@corp.example', 'owners-password-1', false);
    expect((await call(owner, 'GET', '/api/v1/users/self')).json<User>()).toMatchObject({
      emailConfirmed: true,
      firstName: 'Real',
    });
    expect(await listed(owner, 'TODO')).toContain(chain.id);
  });

  it('has the embedded CA name no address for an unconfirmed account (CMP and the request alike)', async () => {
    const { who: unproven, mail } = await unconfirmed('cert@corp.example');
    const refused = await call(
      unproven,
      'POST',
      '/rssp/v1/credentials',
      credentialInput({
        distinguishedName: {
          commonName: 'Cert Holder',
          emailAddress: 'cert@corp.example',
          customFields: [],
        },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('Confirm your e-mail address');

    const create = async (who: Person) => {
      const res = await call(
        who,
        'POST',
        '/rssp/v1/credentials',
        credentialInput({
          certificateEnrollmentMode: 'CMP',
          distinguishedName: { commonName: 'Cert Holder', customFields: [] },
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const credential = res.json<Credential>();
      const pem = (
        await call(who, 'GET', `/rssp/v1/credentials/${credential.id}/certificateRequest`)
      ).body;
      return { credential, request: pem };
    };
    const certificateOf = (credential: Credential) =>
      new X509Certificate(credential.certChain[0]!.pem);

    const before = await create(unproven);
    const certificate = certificateOf(before.credential);
    expect(certificate.subjectAltName ?? '').not.toContain('cert@corp.example');
    expect(certificate.subject).not.toContain('cert@corp.example');
    const requestSubject = execFileSync('openssl', ['req', '-noout', '-subject'], {
      input: before.request,
    }).toString();
    expect(requestSubject).toContain('Cert Holder');
    expect(requestSubject).not.toContain('cert@corp.example');
    expect(before.credential.distinguishedName.emailAddress).toBeUndefined();

    await confirmAddress(t.app, mail);
    const after = certificateOf((await create(unproven)).credential);
    expect(after.subjectAltName).toContain('email:cert@corp.example');
    expect(after.subject).toContain('cert@corp.example');
  });

  it('lets an unconfirmed account mail no one: no chain inviting an address, no resend', async () => {
    const { who: sender, mail } = await unconfirmed('sender@corp.example');
    const since = t.mailbox.received.length;
    const refused = await call(
      sender,
      'POST',
      '/rdss/v1/signatureChains',
      await chainInput(sender, ['stranger@corp.example']),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADDRESS_NOT_CONFIRMED' });
    expect(refused.json<{ message: string }>().message).toContain('Confirm your e-mail address');
    expect(await listed(sender, 'ALL')).toHaveLength(0);
    expect(t.mailbox.received.slice(since).map((m) => m.to)).not.toContain('stranger@corp.example');

    // Naming confirmed users (and itself) mails no one, so it may.
    const own = await call(
      sender,
      'POST',
      '/rdss/v1/signatureChains',
      await chainInput(sender, [ann.email, 'sender@corp.example']),
    );
    expect(own.statusCode, own.body).toBe(201);
    const resent = await call(
      sender,
      'POST',
      `/rdss/v1/signatureChains/${own.json<Chain>().id}/resendInvitations`,
    );
    expect(resent.statusCode).toBe(403);
    expect(resent.json()).toMatchObject({ code: 'ADDRESS_NOT_CONFIRMED' });

    // Its own confirmation link may be sent again, once a minute.
    const resend = () => call(sender, 'POST', '/api/v1/users/self/emailConfirmation');
    const first = await resend();
    expect(first.statusCode, first.body).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    await confirmAddress(t.app, mail);
    const done = await resend();
    expect(done.statusCode).toBe(400);
    const invited = await call(
      sender,
      'POST',
      '/rdss/v1/signatureChains',
      await chainInput(sender, ['stranger@corp.example']),
    );
    expect(invited.statusCode).toBe(201);
  });

  it('mails the confirmation link again when asked, once a minute and five times an hour', async () => {
    const { who: slow } = await unconfirmed('slow@corp.example');
    // The registration mail was sent just now: an ask waits for the minute.
    const early = await call(slow, 'POST', '/api/v1/users/self/emailConfirmation');
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Later asks (the clock moved on a minute each) are mailed, up to five links an hour.
    const account = await findAccountByEmail(t.context.database.db, 'slow@corp.example');
    const deps = { db: t.context.database.db, mailer: t.context.mailer, config: t.context.config };
    const since = t.mailbox.received.length;
    for (let i = 1; i <= 4; i++) {
      await resendEmailConfirmation(deps, account!.id, Date.now() + 61_000 * i);
    }
    const again = await t.mailbox.next('slow@corp.example', since);
    expect(again.subject).toContain('confirm your e-mail address');
    await expect(
      resendEmailConfirmation(deps, account!.id, Date.now() + 61_000 * 5),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Any of the links confirms.
    await confirmAddress(t.app, again);
    expect((await call(slow, 'GET', '/api/v1/users/self')).json<User>().emailConfirmed).toBe(true);
  });
});
