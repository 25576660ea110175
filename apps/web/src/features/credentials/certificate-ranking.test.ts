import { describe, expect, it } from 'vitest';
import { certificateRank, issuingOrder, moveItem } from './certificate-ranking';

describe('certificate ranking', () => {
  it('names the first end user, the last root and the others intermediate', () => {
    expect(certificateRank(0, 3)).toEqual({ kind: 'endUser' });
    expect(certificateRank(1, 3)).toEqual({ kind: 'intermediate', index: 1 });
    expect(certificateRank(2, 3)).toEqual({ kind: 'root' });
    expect(certificateRank(0, 1)).toEqual({ kind: 'endUser' });
  });

  it('orders a chain uploaded root first as it is saved: end user, intermediate, root', () => {
    const root = { subject: 'CN=Root', issuer: 'CN=Root' };
    const ca = { subject: 'CN=CA', issuer: 'CN=Root' };
    const ann = { subject: 'CN=Ann', issuer: 'CN=CA' };
    expect(issuingOrder([root, ann, ca])).toEqual([ann, ca, root]);
    expect(issuingOrder([ann, ca, root])).toEqual([ann, ca, root]);
    const stranger = { subject: 'CN=Other', issuer: 'CN=Elsewhere' };
    expect(issuingOrder([root, ann, stranger, ca])).toEqual([ann, ca, root, stranger]);
    expect(issuingOrder([])).toEqual([]);
  });

  it('moves items', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
