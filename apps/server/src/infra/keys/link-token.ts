import { createHash, randomBytes } from 'node:crypto';

/** A mailed link's secret: 256 random bits, URL-safe. Only its hash is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
