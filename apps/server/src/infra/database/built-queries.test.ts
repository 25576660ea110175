import { describe, expect, it } from 'vitest';
import { statementName } from './built-queries';

describe('statementName', () => {
  it('names one label and shape the same each time, and two shapes apart, within 63 characters', () => {
    const shape = JSON.stringify({ filter: 'TODO', searched: false });
    const other = JSON.stringify({ filter: 'PENDING', searched: false });
    expect(statementName('own_chains_rows', shape)).toBe(statementName('own_chains_rows', shape));
    expect(statementName('own_chains_rows', shape)).not.toBe(
      statementName('own_chains_rows', other),
    );
    expect(statementName('own_chains_rows', shape)).not.toBe(
      statementName('own_chains_total', shape),
    );
    expect(statementName('x'.repeat(40), shape).length).toBeLessThanOrEqual(63);
  });
});
