import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLimits } from '#idp/security/attempt-limiter';
import { createTestApp, type TestApp } from './test-app';
import { registerAccount, signIn, startSignIn, submitSignIn, type TestAccount } from './sign-in';

const account = (name: string): TestAccount => ({
  email: `${name}@example.com`,
  password: `${name} password 1`,
  givenName: name,
  familyName: 'Office',
});

/**
 * An office behind one NAT address: everyone signs in from 127.0.0.1 (app.inject). Only wrong
 * passwords count against the address; right ones never lock the office out.
 */
describe('embedded identity provider: the sign-in limiter counts failures only', () => {
  let t: TestApp;
  const office = {
    ada: account('ada'),
    ben: account('ben'),
    cy: account('cy'),
    dot: account('dot'),
    eve: account('eve'),
    fay: account('fay'),
    gus: account('gus'),
    hal: account('hal'),
  };
  const people = Object.values(office);
  beforeAll(async () => {
    t = await createTestApp();
    for (const person of people) await registerAccount(t.app, person);
  });
  afterAll(() => t.close());

  /** Posts one wrong password for `who` on a sign-in page; returns the answer's status. */
  async function wrongPassword(who: TestAccount): Promise<number> {
    const answer = await submitSignIn(t.app, await startSignIn(t.app), {
      email: who.email,
      password: 'not the password',
    });
    if (answer instanceof URL) throw new Error('a wrong password signed in');
    return answer.statusCode;
  }

  it('lets 25 correct sign-ins in a row from one address through, and still limits wrong passwords as before', async () => {
    for (let i = 0; i < 25; i += 1) {
      // signIn throws on anything but the callback (a 429 page included).
      await signIn(t.app, [office.ada, office.ben, office.cy][i % 3]!);
    }
    const { ada, ben, dot, eve, fay, gus, hal } = office;

    // Wrong passwords for one account: five answer "incorrect", then each try has to wait.
    for (let i = 0; i < signInLimits.perAccountBeforeBackoff; i += 1) {
      expect(await wrongPassword(dot)).toBe(200);
    }
    expect(await wrongPassword(dot)).toBe(429);

    // A right password clears the account's count.
    for (let i = 0; i < 4; i += 1) expect(await wrongPassword(ada)).toBe(200);
    await signIn(t.app, ada);
    for (let i = 0; i < 5; i += 1) expect(await wrongPassword(ada)).toBe(200);

    // The address's limit over all accounts (password spraying) holds: 30 failures, then 429
    // for every account on the address, a right password included.
    for (const who of [eve, fay, gus]) {
      for (let i = 0; i < 5; i += 1) expect(await wrongPassword(who)).toBe(200);
    }
    expect(await wrongPassword(hal)).toBe(200);
    expect(await wrongPassword(hal)).toBe(429);
    await expect(signIn(t.app, ben)).rejects.toThrow(/sign-in failed/);
  }, 180_000);
});
