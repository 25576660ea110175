import { describe, expect, it } from 'vitest';
import en from './en.json';
import hu from './hu.json';

describe('chain status words', () => {
  it.each([
    ['en', en],
    ['hu', hu],
  ] as const)(
    '%s says Pending with one word on tiles, filter chips and rows (issue 26 §6)',
    (_, strings) => {
      expect(strings.dashboard.tiles.pending).toBe(strings.filters.PENDING);
      expect(strings.chip.pending).toBe(strings.filters.PENDING);
      // "In progress" is another state: a signing under way.
      expect(strings.chip.inProgress).not.toBe(strings.filters.PENDING);
    },
  );

  it.each([
    ['en', en],
    ['hu', hu],
  ] as const)('%s names why a chain ended, not only that it failed (D§4 labels)', (_, strings) => {
    const ended = [strings.chip.withdrawn, strings.chip.declined, strings.chip.expired];
    expect(new Set([...ended, strings.chip.failed]).size).toBe(4);
  });
});
