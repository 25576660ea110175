import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const cookieName = 'signet_idp_csrf';

/**
 * Reads one cookie from the request's Cookie header. A value that cannot be read (a malformed
 * %-escape) counts as absent, as if the browser had not sent it: the header is the client's to
 * write, and what it wrote wrong must not fail the page.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      continue;
    }
  }
  return undefined;
}

/**
 * Double-submit CSRF token for the account forms: the same random value in an HttpOnly,
 * SameSite=Strict cookie and in a hidden field. Returns the token to put in the form.
 */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readCookie(request, cookieName);
  const token =
    existing && /^[A-Za-z0-9_-]{43}$/.test(existing)
      ? existing
      : randomBytes(32).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${cookieName}=${token}; Path=/oidc; HttpOnly; SameSite=Strict; Max-Age=3600${secure}`,
  );
  return token;
}

/** True when the posted token matches the cookie (constant-time compare). */
export function checkCsrfToken(request: FastifyRequest, posted: string): boolean {
  const cookie = readCookie(request, cookieName);
  if (!cookie || !posted) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(posted);
  return a.length === b.length && timingSafeEqual(a, b);
}
