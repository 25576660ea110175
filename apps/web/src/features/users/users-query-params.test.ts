import { describe, expect, it } from 'vitest';
import { readUsersQuery, writeUsersQuery } from './users-query-params';

describe('users query params', () => {
  it('defaults to the first page of 10 sorted by name', () => {
    expect(readUsersQuery(new URLSearchParams())).toEqual({
      'page-num': 1,
      'page-size': 10,
      'sort-field': 'name',
      'sort-order': 'asc',
    });
  });

  it('reads search, page, size and sort from the address', () => {
    const params = new URLSearchParams(
      'q=ann&page-num=2&page-size=25&sort-field=createdAt&sort-order=desc',
    );
    expect(readUsersQuery(params)).toEqual({
      q: 'ann',
      'page-num': 2,
      'page-size': 25,
      'sort-field': 'createdAt',
      'sort-order': 'desc',
    });
  });

  it('falls back to the defaults for values the API would refuse', () => {
    const query = readUsersQuery(new URLSearchParams('page-size=7&sort-field=password'));
    expect(query['page-size']).toBe(10);
    expect(query['sort-field']).toBe('name');
  });

  it('writes only what differs from the defaults', () => {
    const params = writeUsersQuery({
      q: 'bob',
      'page-num': 1,
      'page-size': 50,
      'sort-field': 'name',
      'sort-order': 'desc',
    });
    expect(params.toString()).toBe('q=bob&page-size=50&sort-order=desc');
  });
});
