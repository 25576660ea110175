import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { callbackMessages } from '@signet/contracts/callbacks';
import { AppError } from '#infra/app-error';
import type { Config } from '#infra/config';
import { isAmbiguousUrl, isPublicAddress } from '#infra/http';

/**
 * Where a callback may go (decision 042): an `https:` URL whose host resolves only to public
 * addresses, unless `CALLBACK_ALLOW_PRIVATE` (tests, closed networks) also allows `http:` and
 * private, loopback and link-local ones. Checked when a chain is created and again before every
 * attempt, and the attempt connects to the address this check answered, so a name that
 * resolves elsewhere in between (DNS rebinding) never reaches an inside address.
 */

export interface CallbackTarget {
  url: URL;
  /** The checked address the attempt connects to. */
  address: string;
  family: 4 | 6;
}

/** Why a callback URL is refused: one of `callbackMessages`. */
export class CallbackUrlRefused extends Error {}

/** Bounds a name lookup: a resolver that hangs must not hold a chain's creation or delivery. */
const lookupTimeoutMs = 5_000;

async function resolveAll(host: string): Promise<{ address: string; family: number }[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('lookup timed out')), lookupTimeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Checks `raw` and resolves its host; throws `CallbackUrlRefused` with the reason. */
export async function checkCallbackUrl(
  raw: string,
  options: { allowPrivate: boolean },
): Promise<CallbackTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CallbackUrlRefused(callbackMessages.notHttps);
  }
  const allowed = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) throw new CallbackUrlRefused(callbackMessages.notHttps);
  if (url.username || url.password) throw new CallbackUrlRefused(callbackMessages.credentials);
  // The host judged must be the one every reader of the URL sees (`https://a\@b/`).
  if (isAmbiguousUrl(raw)) throw new CallbackUrlRefused(callbackMessages.ambiguous);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolveAll(host);
    } catch {
      throw new CallbackUrlRefused(callbackMessages.unresolved);
    }
  }
  if (addresses.length === 0) throw new CallbackUrlRefused(callbackMessages.unresolved);
  // Every address must be public: a name with one inside address is refused as a whole.
  if (!options.allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new CallbackUrlRefused(callbackMessages.notPublic);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The URL as the admin sees it: origin and path, without a query that may hold a token. */
export function shownUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * At a chain's creation: a callback URL needs CALLBACK_SECRET (callbacks are never sent
 * unsigned, and a URL that would never be called is refused rather than stored in vain) and a
 * target that passes the check. VALIDATION_FAILED on `externalCallbackUrl` otherwise.
 */
export async function refuseUnusableCallbackUrl(
  config: Pick<Config, 'CALLBACK_SECRET' | 'CALLBACK_ALLOW_PRIVATE'>,
  raw: string | undefined,
): Promise<void> {
  if (raw === undefined) return;
  const refuse = (message: string) =>
    new AppError('VALIDATION_FAILED', 'Validation failed', { externalCallbackUrl: message });
  if (!config.CALLBACK_SECRET) throw refuse(callbackMessages.notConfigured);
  try {
    await checkCallbackUrl(raw, { allowPrivate: config.CALLBACK_ALLOW_PRIVATE });
  } catch (error) {
    if (error instanceof CallbackUrlRefused) throw refuse(error.message);
    throw error;
  }
}
