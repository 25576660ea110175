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

interface NamedCertificate {
  subject: string;
  issuer: string;
}

/**
 * The order a chain is saved in (the server orders it the same way): the certificate nothing
 * else was issued by first, then each one's issuer up to the root. Certificates that fit nowhere
 * stay at the end, in the order given (saving them is refused with a message).
 */
export function issuingOrder<T extends NamedCertificate>(certificates: readonly T[]): T[] {
  const rest = [...certificates];
  const isSelfIssued = (c: T) => c.subject === c.issuer;
  const leaf =
    rest.find((c) => !rest.some((other) => other !== c && other.issuer === c.subject)) ?? rest[0];
  if (!leaf) return [];
  const ordered = [leaf];
  rest.splice(rest.indexOf(leaf), 1);
  for (let current = leaf; !isSelfIssued(current);) {
    const next = rest.find((c) => c.subject === current.issuer);
    if (!next) break;
    ordered.push(next);
    rest.splice(rest.indexOf(next), 1);
    current = next;
  }
  return [...ordered, ...rest];
}
