import type { CreateChainInput } from './chains';
import type { Role } from './users';

/**
 * Which role each participant of a chain may hold (documents §4 role toggle), shared by the
 * create-chain form (the toggle) and the rDSS (which refuses a payload the toggle could not make).
 */

/** A participant's role in the create-chain form (documents §3 participant roles). */
export type ParticipantRole = 'CREATOR_AND_SIGNER' | 'SIGNER' | 'CLERK' | 'VIEWER' | 'APPROVER';

export interface Participant {
  email: string;
  /** Full name, or null for an invited e-mail. */
  name: string | null;
  /** The person's roles, or null when unknown (an invited e-mail). */
  roles: readonly Role[] | null;
  isSelf: boolean;
  role: ParticipantRole;
  /** The walk-in client a clerk signs for. */
  subsignerName?: string;
}

export interface RoleOptions {
  clerkEnabled: boolean;
  /**
   * With user groups on (documents §4), the fixed list of enabled users (their e-mails, lower
   * case) whose role may change; undefined while user groups are off.
   */
  enabledUsers?: ReadonlySet<string>;
}

/**
 * Whether the role toggle may move at all: with user groups on, only for a user on the fixed
 * enabled-users list who has the signer role (documents §4); everyone else keeps the role they
 * were added with.
 */
export function canChangeRole(
  p: Pick<Participant, 'email' | 'roles'>,
  options: RoleOptions,
): boolean {
  if (!options.enabledUsers) return true;
  return options.enabledUsers.has(p.email.toLowerCase()) && p.roles?.includes('signer') === true;
}

/**
 * The roles the toggle may know of a person the recipient search found, which answers only
 * whether they may sign and approve (issue 25 §7: never their roles).
 */
export function recipientRoles(found: { canSign: boolean; canApprove: boolean }): Role[] {
  return [
    'user',
    ...(found.canSign ? (['signer'] as const) : []),
    ...(found.canApprove ? (['approver'] as const) : []),
  ];
}

const canSignAs = (p: Pick<Participant, 'roles'>) => p.roles === null || p.roles.includes('signer');

function isEligible(
  p: Pick<Participant, 'isSelf' | 'roles'>,
  role: ParticipantRole,
  options: RoleOptions,
): boolean {
  switch (role) {
    case 'CREATOR_AND_SIGNER':
      return p.isSelf && canSignAs(p);
    case 'SIGNER':
      return !p.isSelf && canSignAs(p);
    case 'CLERK':
      return options.clerkEnabled && canSignAs(p);
    case 'APPROVER':
      return p.roles?.includes('approver') === true;
    case 'VIEWER':
      // An invited e-mail has no known roles and must sign; the creator never views their own chain.
      return !p.isSelf && p.roles !== null;
  }
}

/** The toggle's order (documents §4): another user, and the creator themselves. */
const otherCycle: readonly ParticipantRole[] = ['SIGNER', 'CLERK', 'VIEWER', 'APPROVER'];
const selfCycle: readonly ParticipantRole[] = ['CREATOR_AND_SIGNER', 'CLERK', 'APPROVER'];

/** The role the toggle moves to next, skipping roles the person cannot hold; itself if none. */
export function nextRole(p: Participant, options: RoleOptions): ParticipantRole {
  if (!canChangeRole(p, options)) return p.role;
  const cycle = p.isSelf ? selfCycle : otherCycle;
  const start = cycle.indexOf(p.role);
  for (let step = 1; step <= cycle.length; step++) {
    const candidate = cycle[(start + step) % cycle.length]!;
    if (isEligible(p, candidate, options)) return candidate;
  }
  return p.role;
}

/** The role a create-chain payload's entry asks for. */
export function requestedRole(
  entry: { approver: boolean; clerkMode: boolean },
  isSelf: boolean,
): ParticipantRole {
  if (entry.approver) return 'APPROVER';
  if (entry.clerkMode) return 'CLERK';
  return isSelf ? 'CREATOR_AND_SIGNER' : 'SIGNER';
}

/**
 * Whether the person may hold `role` in a new chain: a role the toggle reaches for them, that is
 * one they are eligible for, and with user groups on their starting role unless they may change.
 */
export function mayHoldRole(
  p: Pick<Participant, 'email' | 'isSelf' | 'roles'>,
  role: ParticipantRole,
  options: RoleOptions,
): boolean {
  if (!isEligible(p, role, options)) return false;
  return role === initialRole(p) || canChangeRole(p, options);
}

/**
 * The role a person starts with when added (documents §4): the creator signs (null when they lack
 * the signer role: the form warns instead); a signer signs; an invited e-mail signs; others view.
 */
export function initialRole(p: Pick<Participant, 'isSelf' | 'roles'>): ParticipantRole | null {
  if (p.isSelf) return canSignAs(p) ? 'CREATOR_AND_SIGNER' : null;
  return canSignAs(p) ? 'SIGNER' : 'VIEWER';
}

/** Upload is possible with a file and at least one participant who signs or approves (§5). */
export function hasActingParticipant(participants: readonly Participant[]): boolean {
  return participants.some((p) => p.role !== 'VIEWER');
}

/**
 * Sign now (create and sign) is offered when the creator is first in an ordered chain, or among
 * the signers of an unordered one (documents §5), and not as a clerk or an approver.
 */
export function canSignRightAway(participants: readonly Participant[], ordered: boolean): boolean {
  const acting = participants.filter((p) => p.role !== 'VIEWER');
  const self = ordered ? acting[0] : acting.find((p) => p.isSelf);
  return self?.isSelf === true && self.role === 'CREATOR_AND_SIGNER';
}

/** The participants as the create-chain payload: signers in order, viewers apart. */
export function toChainParticipants(
  participants: readonly Participant[],
): Pick<CreateChainInput, 'signers' | 'viewerEmails'> {
  return {
    signers: participants
      .filter((p) => p.role !== 'VIEWER')
      .map((p) => ({
        email: p.email,
        approver: p.role === 'APPROVER',
        clerkMode: p.role === 'CLERK',
        ...(p.role === 'CLERK' && p.subsignerName ? { subsignerName: p.subsignerName } : {}),
      })),
    viewerEmails: participants.filter((p) => p.role === 'VIEWER').map((p) => p.email),
  };
}

/**
 * The first document that already holds digital signatures when the chain would take an
 * attached signing trail (documents §5: such a PDF is refused, naming it), or undefined.
 */
export function signedUnderAttachedTrail<T extends { signed: boolean | null }>(
  documents: readonly T[],
  signingTrailMode: CreateChainInput['signingTrailMode'],
): T | undefined {
  return signingTrailMode === 'ATTACHED' ? documents.find((d) => d.signed === true) : undefined;
}
