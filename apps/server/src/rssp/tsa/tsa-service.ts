import { toPem } from '@signet/der';
import type { Database } from '#infra/database';
import type { Config } from '#infra/config';
import type { KeyRing } from '#infra/keys';
import { createTsaKeys } from './tsa-keys';
import { parseTimestampQuery } from './tsa-request';
import { grantedResponse, rejection } from './tsa-token';

/** Signet's own RFC 3161 time-stamping authority (decision 036). */
export interface EmbeddedTsa {
  /** A DER TimeStampResp for a DER TimeStampReq: granted, or a rejection saying why. */
  respond(request: Uint8Array): Promise<Buffer>;
  /** The TSA's certificate chain (PEM, its own certificate first, then the embedded CA's). */
  chainPem(): Promise<string>;
}

export function createEmbeddedTsa(options: {
  database: Database;
  ring: KeyRing;
  config: Pick<Config, 'RSSP_API_URL' | 'publicUrl'>;
}): EmbeddedTsa {
  const keys = createTsaKeys(options);
  return {
    async respond(request) {
      const parsed = parseTimestampQuery(request);
      if (!parsed.ok) return rejection(parsed.failure, parsed.text);
      const [key, serial] = await Promise.all([keys.current(), keys.nextSerial()]);
      // Seconds only; the token says its accuracy is one second.
      const time = new Date(Math.floor(Date.now() / 1000) * 1000);
      return grantedResponse({ query: parsed.query, serial, time, key });
    },
    async chainPem() {
      const key = await keys.current();
      return key.chain.map((der) => toPem('CERTIFICATE', der)).join('');
    },
  };
}
