import { describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import { credentialActions } from './credential-permissions';

const ownerId = '11111111-1111-4111-8111-111111111111';
const otherId = '22222222-2222-4222-8222-222222222222';

function credential(change: Partial<Credential> = {}): Credential {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    description: 'Test key',
    keyPurpose: 'ASYMMETRIC_SIGN',
    keyAlg: 'rsa',
    rsaKeySize: 2048,
    ecCurveName: null,
    authMode: 'EXPLICIT',
    certificateEnrollmentMode: 'MANUAL',
    status: 'CREATED',
    createdAt: '2026-11-21T10:00:00.000Z',
    userId: ownerId,
    user: { id: ownerId, name: 'Owner', email: 'owner@example.com' },
    certChain: [],
    p10: null,
    preauthQuantity: null,
    preauthUntil: null,
    xkblMode: false,
    certificateSerialNumber: null,
    distinguishedName: { commonName: 'Owner', customFields: [] },
    keyBlocked: false,
    pukBlocked: false,
    ...change,
  };
}

const owner = { id: ownerId, isAdmin: false, adminOnlyCredentialManagement: false };
const admin = { id: otherId, isAdmin: true, adminOnlyCredentialManagement: false };

describe('credential row actions', () => {
  it('lets the owner activate a CREATED credential, nothing key-related else', () => {
    const actions = credentialActions(credential(), owner);
    expect(actions.activate).toBe(true);
    expect(actions.changePassword || actions.unlock || actions.changePuk).toBe(false);
    expect(actions.clearPreauthorization).toBe(false);
    expect(actions.update && actions.delete && actions.showCertificates).toBe(true);
  });

  it('offers the key-password actions on the owner ACTIVATED explicit credential', () => {
    const actions = credentialActions(credential({ status: 'ACTIVATED' }), owner);
    expect(actions).toMatchObject({
      activate: false,
      changePassword: true,
      unlock: true,
      changePuk: true,
      clearPreauthorization: true,
    });
  });

  it('gives an implicit credential no key password actions', () => {
    const actions = credentialActions(
      credential({ status: 'ACTIVATED', authMode: 'IMPLICIT' }),
      owner,
    );
    expect(actions.changePassword || actions.unlock || actions.changePuk).toBe(false);
    expect(actions.clearPreauthorization).toBe(true);
  });

  it('lets an admin update and delete but not touch the key password of others', () => {
    const created = credentialActions(credential(), admin);
    expect(created.activate).toBe(false);
    const activated = credentialActions(credential({ status: 'ACTIVATED' }), admin);
    expect(activated.changePassword || activated.unlock || activated.changePuk).toBe(false);
    expect(activated.update && activated.delete).toBe(true);
  });

  it('hides update and delete from users under adminOnlyCredentialManagement', () => {
    const actions = credentialActions(credential(), {
      ...owner,
      adminOnlyCredentialManagement: true,
    });
    expect(actions.update || actions.delete).toBe(false);
    expect(actions.activate).toBe(true);
  });

  it('hides certificates for aes keys', () => {
    expect(credentialActions(credential({ keyAlg: 'aes' }), owner).showCertificates).toBe(false);
  });

  it('leaves only delete when the PUK is blocked', () => {
    const actions = credentialActions(credential({ status: 'ACTIVATED', pukBlocked: true }), owner);
    expect(actions.unlock || actions.changePassword || actions.changePuk).toBe(false);
    expect(actions.delete).toBe(true);
  });
});
