import type { FetchTimestamp } from '@signet/pades';
import type { AppContext } from '#infra/app-context';
import type { Config } from '#infra/config';
import { createEmbeddedTsa } from './tsa-service';

/** Largest TimeStampResp read from an external TSA (a token with a long chain fits easily). */
export const maxTimestampResponseBytes = 256 * 1024;

/** How signatures get their time-stamps: where from, and whether one may be missing. */
export interface TimestampClient {
  /** DER TimeStampReq in, DER TimeStampResp out; throws when the TSA fails or is late. */
  fetch: FetchTimestamp;
  /** TSA_OPTIONAL: a signature without its time-stamp (B-B) rather than none at all. */
  optional: boolean;
}

export class TimestampUnavailable extends Error {}

/**
 * The time-stamp client the rDSS signs with (`ctx.timestamps`): the external TSA of `TSA_URL`
 * over HTTP (basic credentials when given, a size limit, `TSA_TIMEOUT_MS` for the whole
 * exchange), or without it the embedded TSA in this process (no HTTP hop), under the same limit.
 */
export function createTimestampClient(
  context: Pick<AppContext, 'config' | 'database' | 'keyRing'>,
): TimestampClient {
  const { config } = context;
  const timeoutMs = config.TSA_TIMEOUT_MS;
  if (config.TSA_URL) {
    const url = config.TSA_URL;
    return { optional: config.TSA_OPTIONAL, fetch: (request) => external(config, url, request) };
  }
  const tsa = createEmbeddedTsa({
    database: context.database,
    ring: context.keyRing,
    config: context.config,
  });
  return {
    optional: config.TSA_OPTIONAL,
    fetch: (request) => withTimeout(tsa.respond(request), timeoutMs),
  };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimestampUnavailable(`no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function external(
  config: Pick<Config, 'TSA_USERNAME' | 'TSA_PASSWORD' | 'TSA_TIMEOUT_MS'>,
  url: string,
  request: Uint8Array,
): Promise<Uint8Array> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.TSA_TIMEOUT_MS);
  try {
    const headers: Record<string, string> = {
      'content-type': 'application/timestamp-query',
      accept: 'application/timestamp-reply',
    };
    if (config.TSA_USERNAME !== undefined) {
      const basic = `${config.TSA_USERNAME}:${config.TSA_PASSWORD ?? ''}`;
      headers.authorization = `Basic ${Buffer.from(basic, 'utf8').toString('base64')}`;
    }
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: request,
      signal: controller.signal,
      redirect: 'error',
    });
    if (!response.ok) throw new TimestampUnavailable(`HTTP ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxTimestampResponseBytes) throw new TimestampUnavailable('answer too large');
    const body = response.body;
    if (!body) throw new TimestampUnavailable('empty answer');
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxTimestampResponseBytes) {
        controller.abort();
        throw new TimestampUnavailable('answer too large');
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof TimestampUnavailable)) {
      throw new TimestampUnavailable(`no answer in ${config.TSA_TIMEOUT_MS} ms`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
