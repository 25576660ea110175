import { describe, expect, it } from 'vitest';
import type { Role } from '@signet/contracts/users';
import {
  canSignRightAway,
  hasActingParticipant,
  initialRole,
  nextRole,
  toChainParticipants,
} from './participant-roles';
import type { Participant, ParticipantRole } from './participant-roles';

const person = (roles: Role[] | null, isSelf = false, role: ParticipantRole = 'SIGNER') => ({
  email: 'p@example.com',
  name: roles ? 'P' : null,
  roles,
  isSelf,
  role,
});

/** Presses the toggle until the role comes back, listing the roles passed. */
function cycleOf(p: Participant, clerkEnabled: boolean): ParticipantRole[] {
  const seen = [p.role];
  let current = p;
  for (let i = 0; i < 6; i++) {
    current = { ...current, role: nextRole(current, { clerkEnabled }) };
    if (current.role === seen[0]) break;
    seen.push(current.role);
  }
  return seen;
}

describe('the participant role toggle (documents §4)', () => {
  it.each([
    ['a signer', ['user', 'signer'], true, ['SIGNER', 'CLERK', 'VIEWER']],
    ['a signer, clerks off', ['user', 'signer'], false, ['SIGNER', 'VIEWER']],
    [
      'a signer and approver',
      ['signer', 'approver'],
      true,
      ['SIGNER', 'CLERK', 'VIEWER', 'APPROVER'],
    ],
    ['an invited e-mail', null, true, ['SIGNER', 'CLERK']],
    ['an invited e-mail, clerks off', null, false, ['SIGNER']],
  ] as const)('cycles %s through the roles they may hold', (_, roles, clerkEnabled, expected) => {
    const roleList = roles === null ? null : [...roles];
    expect(cycleOf(person(roleList), clerkEnabled)).toEqual(expected);
  });

  it('cycles a user without the signer role between viewer and approver only', () => {
    expect(cycleOf(person(['user', 'approver'], false, 'VIEWER'), true)).toEqual([
      'VIEWER',
      'APPROVER',
    ]);
    expect(cycleOf(person(['user'], false, 'VIEWER'), true)).toEqual(['VIEWER']);
  });

  it('cycles the creator through creator-and-signer, clerk and approver, never viewer', () => {
    expect(
      cycleOf(person(['creator', 'signer', 'approver'], true, 'CREATOR_AND_SIGNER'), true),
    ).toEqual(['CREATOR_AND_SIGNER', 'CLERK', 'APPROVER']);
    expect(cycleOf(person(['creator', 'signer'], true, 'CREATOR_AND_SIGNER'), false)).toEqual([
      'CREATOR_AND_SIGNER',
    ]);
  });

  it('starts the creator as signer (or refuses without the role), a signer as signer, others as viewers', () => {
    expect(initialRole(person(['creator', 'signer'], true))).toBe('CREATOR_AND_SIGNER');
    expect(initialRole(person(['creator'], true))).toBeNull();
    expect(initialRole(person(['signer']))).toBe('SIGNER');
    expect(initialRole(person(null))).toBe('SIGNER');
    expect(initialRole(person(['user']))).toBe('VIEWER');
  });
});

describe('the create-chain form rules (documents §5)', () => {
  const me = person(['creator', 'signer'], true, 'CREATOR_AND_SIGNER');
  const bob = { ...person(['signer']), email: 'bob@example.com' };
  const viewer = { ...person(['user'], false, 'VIEWER'), email: 'v@example.com' };

  it('needs someone who signs or approves', () => {
    expect(hasActingParticipant([])).toBe(false);
    expect(hasActingParticipant([viewer])).toBe(false);
    expect(hasActingParticipant([viewer, bob])).toBe(true);
  });

  it('offers signing right away to the first signer of an ordered chain, or any of an unordered one', () => {
    expect(canSignRightAway([me, bob], true)).toBe(true);
    expect(canSignRightAway([viewer, me, bob], true)).toBe(true);
    expect(canSignRightAway([bob, me], true)).toBe(false);
    expect(canSignRightAway([bob, me], false)).toBe(true);
    expect(canSignRightAway([bob], false)).toBe(false);
    expect(canSignRightAway([{ ...me, role: 'APPROVER' }, bob], true)).toBe(false);
  });

  it('sends signers in order with their modes and viewers apart', () => {
    const clerk = {
      ...bob,
      email: 'c@example.com',
      role: 'CLERK' as const,
      subsignerName: 'Walk In',
    };
    expect(toChainParticipants([me, viewer, clerk, { ...bob, role: 'APPROVER' }])).toEqual({
      signers: [
        { email: me.email, approver: false, clerkMode: false },
        { email: 'c@example.com', approver: false, clerkMode: true, subsignerName: 'Walk In' },
        { email: 'bob@example.com', approver: true, clerkMode: false },
      ],
      viewerEmails: ['v@example.com'],
    });
  });
});
