import { describe, expect, it } from 'vitest';
import type { Role } from './users';
import {
  canChangeRole,
  canSignRightAway,
  hasActingParticipant,
  initialRole,
  nextRole,
  signedUnderAttachedTrail,
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

describe('the role toggle with user groups on (documents §4)', () => {
  const signer = { ...person(['user', 'signer', 'approver']), email: 'Sam@Example.com' };
  const approverOnly = {
    ...person(['user', 'approver'], false, 'VIEWER'),
    email: 'al@example.com',
  };
  const invited = { ...person(null), email: 'new@example.org' };
  const me = { ...person(['creator', 'signer', 'approver'], true, 'CREATOR_AND_SIGNER') };
  const enabledUsers = new Set(['sam@example.com', 'al@example.com', me.email]);
  const groups = { clerkEnabled: true, enabledUsers };

  it('lets a user on the enabled-users list with the signer role change role, as without groups', () => {
    expect(canChangeRole(signer, groups)).toBe(true);
    expect(nextRole(signer, groups)).toBe(nextRole(signer, { clerkEnabled: true }));
    expect(canChangeRole(me, groups)).toBe(true);
    expect(nextRole(me, groups)).toBe('CLERK');
  });

  it('fixes the role of a user outside the enabled-users list', () => {
    const outside = { ...signer, email: 'someone@example.com' };
    expect(canChangeRole(outside, groups)).toBe(false);
    expect(nextRole(outside, groups)).toBe('SIGNER');
    // An invited e-mail is never on it.
    expect(canChangeRole(invited, groups)).toBe(false);
    expect(nextRole(invited, groups)).toBe('SIGNER');
  });

  it('fixes the role of a user on the list who lacks the signer role', () => {
    expect(canChangeRole(approverOnly, groups)).toBe(false);
    expect(nextRole(approverOnly, groups)).toBe('VIEWER');
    // Without user groups the same user moves between viewer and approver.
    expect(nextRole(approverOnly, { clerkEnabled: true })).toBe('APPROVER');
  });

  it('changes nothing while user groups are off', () => {
    for (const p of [signer, approverOnly, invited, me]) {
      expect(canChangeRole(p, { clerkEnabled: true })).toBe(true);
    }
  });
});

describe('the attached signing trail and PDFs already signed (documents §5)', () => {
  const files = [
    { fileName: 'a.pdf', signed: false },
    { fileName: 'b.pdf', signed: null },
    { fileName: 'c-signed.pdf', signed: true },
  ];

  it('names the first signed file when the trail is attached', () => {
    expect(signedUnderAttachedTrail(files, 'ATTACHED')?.fileName).toBe('c-signed.pdf');
    expect(signedUnderAttachedTrail(files.slice(0, 2), 'ATTACHED')).toBeUndefined();
  });

  it('lets a signed file through a detached trail or none', () => {
    expect(signedUnderAttachedTrail(files, 'DETACHED')).toBeUndefined();
    expect(signedUnderAttachedTrail(files, 'NONE')).toBeUndefined();
  });
});
