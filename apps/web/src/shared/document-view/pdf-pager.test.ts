import { describe, expect, it } from 'vitest';
import { pageForKey } from './pdf-pager';

describe('pageForKey', () => {
  it('turns one page with PageUp, PageDown and the arrows, within the document', () => {
    expect(pageForKey('PageDown', 1, 3)).toBe(2);
    expect(pageForKey('ArrowRight', 2, 3)).toBe(3);
    expect(pageForKey('ArrowDown', 3, 3)).toBeNull();
    expect(pageForKey('PageUp', 3, 3)).toBe(2);
    expect(pageForKey('ArrowLeft', 1, 3)).toBeNull();
  });

  it('goes to the first page with Home and the last with End; other keys turn nothing', () => {
    expect(pageForKey('End', 1, 36)).toBe(36);
    expect(pageForKey('Home', 36, 36)).toBe(1);
    expect(pageForKey('Home', 1, 36)).toBeNull();
    expect(pageForKey('Enter', 1, 36)).toBeNull();
  });
});
