/** The ranking column of the certificates table: end user first, root last (spec platform §2). */
export type CertificateRank =
  { kind: 'endUser' } | { kind: 'root' } | { kind: 'intermediate'; index: number };

export function certificateRank(index: number, count: number): CertificateRank {
  if (index === 0) return { kind: 'endUser' };
  if (index === count - 1) return { kind: 'root' };
  return { kind: 'intermediate', index };
}

/** Moves one item of a list to another position (drag and drop, up/down buttons). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
