import { describe, expect, it } from 'vitest';
import {
  defaultCredentialListState,
  readCredentialListState,
  writeCredentialListState,
} from './credential-list-query';

describe('credential list query in the address', () => {
  it('defaults to page 0 of 10, createdAt desc', () => {
    expect(readCredentialListState(new URLSearchParams())).toEqual({
      'page-num': 1,
      'page-size': 10,
      'sort-field': 'createdAt',
      'sort-order': 'desc',
    });
  });

  it('reads pageNum, pageSize, sortBy, sortOrder and q', () => {
    const state = readCredentialListState(
      new URLSearchParams('pageNum=2&pageSize=25&sortBy=description&sortOrder=asc&q=abc'),
    );
    expect(state).toEqual({
      q: 'abc',
      'page-num': 2,
      'page-size': 25,
      'sort-field': 'description',
      'sort-order': 'asc',
    });
  });

  it('ignores invalid values one by one', () => {
    const state = readCredentialListState(
      new URLSearchParams('pageNum=-1&pageSize=7&sortBy=nope&sortOrder=asc'),
    );
    expect(state).toEqual({ ...defaultCredentialListState, 'sort-order': 'asc' });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeCredentialListState(defaultCredentialListState).toString()).toBe('');
    const params = writeCredentialListState({
      ...defaultCredentialListState,
      'page-num': 2,
      'sort-field': 'status',
    });
    expect(params.toString()).toBe('pageNum=2&sortBy=status');
  });
});
