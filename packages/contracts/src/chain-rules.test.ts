import { describe, expect, it } from 'vitest';
import {
  actionableEntry,
  canApprove,
  canDecline,
  canDelete,
  canSign,
  canWithdraw,
  chainFilterOf,
  chainStatuses,
  chainTypes,
  entryLabel,
  entryStatuses,
  rowChip,
  type ChainStatus,
  type ChainType,
  type EntryStatus,
  type RuleChain,
} from './chain-rules';

const creator = 'creator';
const first = 'first';
const second = 'second';
const viewer = 'viewer';
const stranger = 'stranger';

/** A chain of two entries: `first` then `second` (who may be an approver). */
function chain(options: {
  status?: ChainStatus;
  type?: ChainType;
  firstStatus?: EntryStatus;
  secondStatus?: EntryStatus;
  secondApproves?: boolean;
  creatorSignsFirst?: boolean;
}): RuleChain {
  return {
    status: options.status ?? 'CREATED',
    type: options.type ?? 'ORDERED',
    createdById: creator,
    entries: [
      {
        id: 'e1',
        userId: options.creatorSignsFirst ? creator : first,
        status: options.firstStatus ?? 'CREATED',
        approver: false,
      },
      {
        id: 'e2',
        userId: second,
        status: options.secondStatus ?? 'CREATED',
        approver: options.secondApproves ?? false,
      },
    ],
    viewerIds: [viewer],
  };
}

describe('chain rules: who may act (D§4)', () => {
  it.each([
    // type, chain status, first entry, second entry, user → may act
    ['ORDERED', 'CREATED', 'CREATED', 'CREATED', first, true],
    ['ORDERED', 'CREATED', 'CREATED', 'CREATED', second, false],
    ['ORDERED', 'CREATED', 'DONE', 'CREATED', second, true],
    ['ORDERED', 'CREATED', 'DECLINED', 'CREATED', second, false],
    ['ORDERED', 'CREATED', 'IN_PROGRESS', 'CREATED', second, false],
    ['UNORDERED', 'CREATED', 'CREATED', 'CREATED', second, true],
    ['UNORDERED', 'CREATED', 'CREATED', 'CREATED', first, true],
    ['UNORDERED', 'CREATED', 'DONE', 'DONE', second, false],
    ['ORDERED', 'IN_PROGRESS', 'CREATED', 'CREATED', first, false],
    ['ORDERED', 'DONE', 'DONE', 'DONE', second, false],
    ['UNORDERED', 'FAILED', 'CREATED', 'CREATED', first, false],
    ['ORDERED', 'CREATED', 'CREATED', 'CREATED', viewer, false],
    ['UNORDERED', 'CREATED', 'CREATED', 'CREATED', creator, false],
    ['UNORDERED', 'CREATED', 'CREATED', 'CREATED', stranger, false],
  ] as const)('%s chain %s, entries %s/%s: %s may act → %s', (type, status, e1, e2, user, may) => {
    const c = chain({ type, status, firstStatus: e1, secondStatus: e2 });
    expect(actionableEntry(c, user) !== null).toBe(may);
    expect(canSign(c, user)).toBe(may);
  });

  it('lets an approver approve (not sign), and the creator neither decline nor act unless an entry is theirs', () => {
    const c = chain({ firstStatus: 'DONE', secondApproves: true });
    expect(canApprove(c, second)).toBe(true);
    expect(canSign(c, second)).toBe(false);
    expect(canDecline(c, second)).toBe(true);
    const own = chain({ creatorSignsFirst: true });
    expect(canSign(own, creator)).toBe(true);
    expect(canDecline(own, creator)).toBe(false);
  });

  it('lets only the creator withdraw, only while CREATED, and delete only a completed chain', () => {
    for (const status of chainStatuses) {
      const c = chain({ status });
      expect(canWithdraw(c, creator), status).toBe(status === 'CREATED');
      expect(canWithdraw(c, first), status).toBe(false);
      expect(canDelete(c, creator), status).toBe(status === 'DONE' || status === 'FAILED');
      expect(canDelete(c, first), status).toBe(false);
    }
    // After a signature it is still the creator's to withdraw, but not while one is being made.
    expect(canWithdraw(chain({ firstStatus: 'DONE' }), creator)).toBe(true);
    expect(canWithdraw(chain({ firstStatus: 'DONE', secondStatus: 'IN_PROGRESS' }), creator)).toBe(
      false,
    );
  });
});

describe('chain rules: what the row says (D§4)', () => {
  it.each([
    [{ status: 'DONE', firstStatus: 'DONE', secondStatus: 'DONE' }, first, 'completed'],
    [{}, first, 'todo'],
    [{}, second, 'pending'],
    [{ firstStatus: 'DONE' }, second, 'todo'],
    [{ status: 'FAILED', firstStatus: 'FAILED' }, second, 'failed'],
    [{}, creator, 'pending'],
    [{}, viewer, 'pending'],
    [{ firstStatus: 'DONE', secondApproves: true }, second, 'todo'],
    [{ secondApproves: true }, second, 'pending'],
    [
      { status: 'DONE', firstStatus: 'DONE', secondStatus: 'DONE', secondApproves: true },
      second,
      'approved',
    ],
    [
      { status: 'FAILED', firstStatus: 'DONE', secondStatus: 'DECLINED', secondApproves: true },
      second,
      'declined',
    ],
    [
      { status: 'FAILED', firstStatus: 'DONE', secondStatus: 'FAILED', secondApproves: true },
      second,
      'failed',
    ],
  ] as const)('%o for %s → %s', (options, user, chip) => {
    expect(rowChip(chain(options), user)).toBe(chip);
  });

  it('shows a chain that passed its due date as expired to everyone, whatever their entry', () => {
    const expired: RuleChain = {
      ...chain({ status: 'FAILED', firstStatus: 'DONE', secondStatus: 'FAILED' }),
      endedReason: 'EXPIRED',
    };
    for (const user of [first, second, creator, viewer]) {
      expect(rowChip(expired, user)).toBe('expired');
    }
    expect(rowChip({ ...expired, endedReason: null }, second)).toBe('failed');
  });

  it.each([
    ['WITHDRAWN', 'withdrawn'],
    ['DECLINED', 'declined'],
    ['EXPIRED', 'expired'],
    [null, 'failed'],
  ] as const)('a chain that ended %s shows %s to everyone in it (D§4 labels)', (reason, chip) => {
    const ended = { ...chain({ status: 'FAILED', firstStatus: 'DONE' }), endedReason: reason };
    for (const user of [creator, first, second, viewer]) expect(rowChip(ended, user)).toBe(chip);
    expect(chainFilterOf(ended, second)).toBe('FAILED');
  });

  it('shows later entries of an ordered chain as waiting until the one before is done', () => {
    const ordered = chain({});
    expect(entryLabel(ordered, ordered.entries[0]!)).toBe('CREATED');
    expect(entryLabel(ordered, ordered.entries[1]!)).toBe('WAITING');
    const moved = chain({ firstStatus: 'DONE' });
    expect(entryLabel(moved, moved.entries[1]!)).toBe('CREATED');
    const unordered = chain({ type: 'UNORDERED' });
    expect(entryLabel(unordered, unordered.entries[1]!)).toBe('CREATED');
  });
});

describe('chain rules: every chain status × entry status × role × order', () => {
  const users = [creator, first, second, viewer, stranger];
  const cases = chainTypes.flatMap((type) =>
    chainStatuses.flatMap((status) =>
      entryStatuses.flatMap((e1) =>
        entryStatuses.flatMap((e2) =>
          [false, true].map((secondApproves) =>
            chain({ type, status, firstStatus: e1, secondStatus: e2, secondApproves }),
          ),
        ),
      ),
    ),
  );

  it(`holds the invariants over all ${cases.length * users.length} combinations`, () => {
    for (const c of cases) {
      for (const user of users) {
        const where = `${c.type} ${c.status} ${c.entries.map((e) => e.status).join('/')} ${user}`;
        const entry = actionableEntry(c, user);
        // Only a CREATED chain, only one's own CREATED entry.
        if (entry) {
          expect(c.status, where).toBe('CREATED');
          expect(entry.userId, where).toBe(user);
          expect(entry.status, where).toBe('CREATED');
        }
        // Sign and approve exclude each other and together are "may act".
        expect(canSign(c, user) && canApprove(c, user), where).toBe(false);
        expect(canSign(c, user) || canApprove(c, user), where).toBe(entry !== null);
        // Viewers, strangers and a creator without an entry never act or decline.
        if (user === viewer || user === stranger || user === creator) {
          expect(entry, where).toBeNull();
          expect(canDecline(c, user), where).toBe(false);
        }
        // The list filter and the chip agree.
        const filter = chainFilterOf(c, user);
        expect(filter === 'TODO', where).toBe(entry !== null);
        if (filter === 'SIGNED') expect(c.status, where).toBe('DONE');
        if (rowChip(c, user) === 'todo') expect(filter, where).toBe('TODO');
        // An ordered chain lets at most one entry act at a time.
        if (c.type === 'ORDERED') {
          const acting = [first, second].filter((u) => actionableEntry(c, u) !== null);
          expect(acting.length, where).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});
