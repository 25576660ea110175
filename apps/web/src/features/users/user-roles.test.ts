import { describe, expect, it } from 'vitest';
import { toAssignableRoles, toDisplayedRoles } from './user-roles';

describe('user roles', () => {
  it('leaves out the user role every user holds and keeps the dialog order', () => {
    expect(toAssignableRoles(['user', 'approver', 'creator'])).toEqual(['creator', 'approver']);
  });

  it('shows a user without assignable roles as a spectator', () => {
    expect(toDisplayedRoles(['user'])).toEqual(['spectator']);
    expect(toDisplayedRoles([])).toEqual(['spectator']);
  });

  it('shows the assigned roles otherwise', () => {
    expect(toDisplayedRoles(['admin', 'user'])).toEqual(['admin']);
  });
});
