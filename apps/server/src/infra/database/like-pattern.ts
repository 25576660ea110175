/** `%q%` for LIKE, with the pattern characters in `q` (`\`, `%`, `_`) taken literally. */
export function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `q%` for LIKE, with the pattern characters in `q` taken literally. */
export function startingWith(q: string): string {
  return `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
