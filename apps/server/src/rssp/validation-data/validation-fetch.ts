import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isAmbiguousUrl, isPublicAddress } from '#infra/http';

/** Limits of the calls that fetch validation data (VALIDATION_FETCH_* in config.ts). */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  /** Loopback and private addresses reachable (tests, an organisation's internal CA). */
  allowPrivate: boolean;
}

/** A failed fetch, with the short reason `missing` reports ("unreachable", "timed out"). */
export class FetchFailure extends Error {}

const maxRedirects = 3;

/** dns.lookup that refuses names resolving to a non-public address, so no hop reaches one. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))
        return callback(new FetchFailure('private address refused'), '', 0);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new FetchFailure('unreachable'), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

function checkTarget(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchFailure(`${url.protocol} is not fetched`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host))
    throw new FetchFailure('private address refused');
}

function once(
  url: URL,
  options: { method: 'GET' | 'POST'; body?: Buffer; contentType?: string; accept: string },
  limits: FetchLimits,
  deadline: number,
): Promise<{ status: number; location?: string; contentType?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchFailure('timed out'));
    const req = send(
      url,
      {
        method: options.method,
        lookup: guardedLookup(limits.allowPrivate),
        headers: {
          accept: options.accept,
          ...(options.body
            ? { 'content-type': options.contentType, 'content-length': options.body.length }
            : {}),
        },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            req.destroy(new FetchFailure('answer too large'));
          } else chunks.push(chunk);
        });
        res.on('error', (error) => reject(asFailure(error)));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            ...(res.headers.location ? { location: res.headers.location } : {}),
            ...(res.headers['content-type'] ? { contentType: res.headers['content-type'] } : {}),
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new FetchFailure('timed out')), remaining);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(asFailure(error));
    });
    req.end(options.body);
  });
}

function asFailure(error: unknown): FetchFailure {
  return error instanceof FetchFailure ? error : new FetchFailure('unreachable');
}

/**
 * One fetch of validation data over http(s): within `timeoutMs` in all, at most `maxBytes`, and
 * at most three redirects, each hop checked like the first (no private addresses unless
 * allowed). `spend` is called before every request (the caller's per-call budget) and throws
 * when it is spent. Throws a FetchFailure naming what went wrong.
 */
export async function fetchValidationData(
  target: string,
  options: { method: 'GET' | 'POST'; body?: Buffer; contentType?: string; accept: string },
  limits: FetchLimits,
  spend: () => void,
): Promise<Buffer> {
  const deadline = Date.now() + limits.timeoutMs;
  // A certificate's URL whose host readers may see differently is not followed (public-address.ts).
  if (isAmbiguousUrl(target)) throw new FetchFailure('ambiguous URL refused');
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new FetchFailure('not a URL');
  }
  let request = options;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    checkTarget(url, limits.allowPrivate);
    spend();
    const answer = await once(url, request, limits, deadline);
    if ([301, 302, 303, 307, 308].includes(answer.status) && answer.location) {
      url = new URL(answer.location, url);
      // Only 307/308 repeat a POST; the others turn it into a GET (RFC 9110 §15.4).
      if (answer.status !== 307 && answer.status !== 308)
        request = { method: 'GET', accept: options.accept };
      continue;
    }
    if (answer.status < 200 || answer.status > 299) throw new FetchFailure(`HTTP ${answer.status}`);
    return answer.body;
  }
  throw new FetchFailure('too many redirects');
}
