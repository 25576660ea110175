import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { callbackEventIdHeader, callbackSignatureHeader } from '@signet/contracts/callbacks';
import type { CallbackTarget } from './callback-address';

/** Bytes of a receiver's answer read at most (the status decides; the body is not kept). */
const maxResponseBytes = 4096;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the callback secret. */
export function callbackSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export interface PostOutcome {
  /** A 2xx answer within the time limit. */
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, in words fit for the admin and the log (never the URL's query or a secret). */
  error: string | null;
  durationMs: number;
}

/**
 * POSTs one event's body to the checked target: connects to the checked address only (the
 * lookup answers it, while TLS still checks the certificate against the URL's host name), never
 * follows a redirect (a 3xx is a failure), reads a few KB of the answer at most and gives up
 * after `timeoutMs` in all.
 */
export function postCallback(options: {
  target: CallbackTarget;
  body: string;
  eventId: string;
  secret: string;
  timeoutMs: number;
  now?: () => number;
}): Promise<PostOutcome> {
  const { target, body, eventId, secret, timeoutMs } = options;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const unixSeconds = Math.floor((options.now?.() ?? Date.now()) / 1000);
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = transport.request(
      {
        method: 'POST',
        protocol: target.url.protocol,
        hostname: target.url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.url.port || undefined,
        path: `${target.url.pathname}${target.url.search}`,
        lookup: pinned,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Signet-Callbacks/1',
          [callbackSignatureHeader]: callbackSignature(secret, body, unixSeconds),
          [callbackEventIdHeader]: eventId,
        },
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let read = 0;
        const done = () =>
          finish({
            ok: statusCode >= 200 && statusCode < 300,
            statusCode,
            error:
              statusCode >= 300 && statusCode < 400
                ? `Redirect (${statusCode}) not followed`
                : statusCode >= 200 && statusCode < 300
                  ? null
                  : `HTTP ${statusCode}`,
          });
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= maxResponseBytes) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(
      () => finish({ ok: false, statusCode: null, error: `No answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, statusCode: null, error: error.code ?? error.message }),
    );
    request.end(body);
  });
}
