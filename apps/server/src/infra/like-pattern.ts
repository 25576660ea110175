/** `%q%` for LIKE, with the pattern characters in `q` (`\`, `%`, `_`) taken literally. */
export function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
