import { cookieMaxAgeSeconds } from '@signet/contracts/limits';

/** The value of a cookie of this page, or undefined. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** A `document.cookie` assignment that keeps the value for a year (spec §9). */
export function cookieAssignment(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; max-age=${cookieMaxAgeSeconds}; path=/; SameSite=Lax`;
}

export function hasCookie(name: string): boolean {
  return readCookie(document.cookie, name) !== undefined;
}

export function rememberInCookie(name: string): void {
  document.cookie = cookieAssignment(name, '1');
}

export function cookieValue(name: string): string | undefined {
  return readCookie(document.cookie, name);
}

export function storeInCookie(name: string, value: string): void {
  document.cookie = cookieAssignment(name, value);
}
