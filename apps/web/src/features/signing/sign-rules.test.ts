import { describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import {
  effectiveCredentialId,
  emptyChoice,
  needsCredentialNote,
  preselectedChoice,
  signBlockers,
  signWarning,
  signingCredentials,
} from './sign-rules';
import type { ProfileChoice, SignContext } from './sign-rules';

const certificate = {
  issuedTo: 'Erin',
  issuedBy: 'Signet CA',
  subject: 'CN=Erin',
  issuer: 'CN=Signet CA',
  validFrom: '2026-01-01',
  validTo: '2027-01-01',
  serialNum: '01',
  pem: '',
  daysLeft: 100,
};

function credential(id: string, overrides: Partial<Credential> = {}): Credential {
  return {
    id,
    description: `key ${id}`,
    keyPurpose: 'ASYMMETRIC_SIGN',
    keyAlg: 'rsa',
    rsaKeySize: 2048,
    ecCurveName: null,
    authMode: 'EXPLICIT',
    certificateEnrollmentMode: 'CMP',
    status: 'ACTIVATED',
    createdAt: '2026-01-01T00:00:00Z',
    userId: '00000000-0000-4000-8000-000000000001',
    user: { id: '00000000-0000-4000-8000-000000000001', name: 'Erin', email: 'e@x.test' },
    certChain: [certificate],
    p10: null,
    preauthQuantity: null,
    preauthUntil: null,
    xkblMode: false,
    certificateSerialNumber: '01',
    distinguishedName: { commonName: 'Erin', customFields: [] } as Credential['distinguishedName'],
    keyBlocked: false,
    pukBlocked: false,
    ...overrides,
  };
}

const own = credential('c1');
const implicit = credential('c2', { authMode: 'IMPLICIT' });
const profile: ProfileChoice = {
  id: 'p1',
  name: 'Mine',
  credentialId: 'c1',
  savedSignatureFieldParameters: null,
};
const deadProfile: ProfileChoice = { ...profile, id: 'p2', credentialId: 'gone' };
const context: SignContext = {
  roles: ['user', 'signer'],
  credentials: [own, implicit],
  profiles: [profile, deadProfile],
  enabledDeviceCount: undefined,
};

describe('the sign rules of documents §5', () => {
  it('offers only activated signing credentials with a certificate', () => {
    const offered = signingCredentials([
      own,
      credential('inactive', { status: 'CREATED' }),
      credential('nocert', { certChain: [] }),
      credential('auth', { keyPurpose: 'AUTHENTICATE' }),
    ]);
    expect(offered.map((c) => c.id)).toEqual(['c1']);
  });

  it("preselects the signer's only profile and only activated credential, never over a choice", () => {
    expect(preselectedChoice(emptyChoice, [profile], [own])).toMatchObject({
      profileId: 'p1',
      credentialId: 'c1',
    });
    // Two of a kind: the signer chooses.
    expect(preselectedChoice(emptyChoice, [profile, deadProfile], [own, implicit])).toMatchObject({
      profileId: null,
      credentialId: null,
    });
    expect(preselectedChoice(emptyChoice, [], [own])).toMatchObject({
      profileId: null,
      credentialId: 'c1',
    });
    const chosen = { ...emptyChoice, credentialId: 'c2' };
    expect(preselectedChoice(chosen, [], [own]).credentialId).toBe('c2');
    // The only credential signs: Sign waits only for a drawing.
    expect(signBlockers(preselectedChoice(emptyChoice, [], [own]), context)).toEqual([
      'needsDrawing',
    ]);
  });

  it('signs with the profile credential unless a different one is chosen', () => {
    const withProfile = { ...emptyChoice, profileId: 'p1', credentialId: 'c2' };
    expect(effectiveCredentialId(withProfile, context.profiles)).toBe('c1');
    expect(
      effectiveCredentialId({ ...withProfile, useDifferentCredential: true }, context.profiles),
    ).toBe('c2');
    expect(effectiveCredentialId({ ...emptyChoice, credentialId: 'c2' }, context.profiles)).toBe(
      'c2',
    );
  });

  it('enables Sign only with the signer role, a credential and an image for a visible signature', () => {
    expect(signBlockers(emptyChoice, context)).toEqual(['noCredential', 'needsDrawing']);
    const drawn = { ...emptyChoice, credentialId: 'c1', drawnImage: 'data:image/png;base64,AA==' };
    expect(signBlockers(drawn, context)).toEqual([]);
    expect(signBlockers({ ...drawn, drawnImage: null, visible: false }, context)).toEqual([]);
    expect(signBlockers(drawn, { ...context, roles: ['user'] })).toEqual(['noSignerRole']);
    expect(signBlockers(drawn, { ...context, roles: ['SIGNER' as 'signer'] })).toEqual([]);
  });

  it('takes the profile as the visible signature and refuses a profile whose credential is dead', () => {
    expect(signBlockers({ ...emptyChoice, profileId: 'p1' }, context)).toEqual([]);
    expect(signBlockers({ ...emptyChoice, profileId: 'p2' }, context)).toEqual([
      'credentialIsDead',
    ]);
    expect(
      signBlockers({ ...emptyChoice, profileId: 'p1', useDifferentCredential: true }, context),
    ).toEqual(['noDifferentCredential']);
  });

  it('needs an enabled device for an implicit credential once devices are known', () => {
    const choice = { ...emptyChoice, visible: false, credentialId: 'c2' };
    expect(signBlockers(choice, context)).toEqual([]);
    expect(signBlockers(choice, { ...context, enabledDeviceCount: 0 })).toEqual(['noDevice']);
    expect(signBlockers(choice, { ...context, enabledDeviceCount: 1 })).toEqual([]);
  });

  it('shows the blue note for a credential not activated, without a certificate, or without a device', () => {
    expect(needsCredentialNote([own], undefined)).toBe(false);
    expect(needsCredentialNote([own, credential('x', { status: 'CREATED' })], undefined)).toBe(
      true,
    );
    expect(needsCredentialNote([credential('x', { certChain: [] })], undefined)).toBe(true);
    expect(needsCredentialNote([implicit], 0)).toBe(true);
    expect(needsCredentialNote([implicit], 2)).toBe(false);
  });

  it('warns first about verification, then about having no activated credential', () => {
    const base = {
      signingCredentialCount: 0,
      verificationEnabled: true,
      verificationMandatory: true,
      verified: false,
    };
    expect(signWarning(base)).toBe('notVerified');
    expect(signWarning({ ...base, verified: true })).toBe('noActivatedCredential');
    expect(signWarning({ ...base, verified: true, signingCredentialCount: 1 })).toBeNull();
    expect(signWarning({ ...base, verificationEnabled: false, signingCredentialCount: 1 })).toBe(
      null,
    );
    expect(
      signWarning({ ...base, verified: true, signingCredentialCount: 1, chosenNeedsDevice: true }),
    ).toBe('noActivatedDevice');
  });
});
