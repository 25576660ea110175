import { z } from 'zod';
import {
  callbackEventIdHeader,
  callbackEventSchema,
  callbackSignatureHeader,
} from '@signet/contracts/callbacks';

/** The body's JSON Schema, written from the contract the tests parse deliveries with. */
const eventSchemaJson = JSON.stringify(z.toJSONSchema(callbackEventSchema), null, 2);

/**
 * How a receiver reads a callback, for the OpenAPI page (the admin list's description and the
 * API's own description, app.ts). Kept beside the code that signs, so the two agree.
 */
export const callbackDocs = `## Callbacks

A chain created with \`externalCallbackUrl\` (an \`https:\` URL reaching a public address) is
POSTed a JSON event (its JSON Schema below) on each change: CREATED, SIGNED, APPROVED,
DECLINED, WITHDRAWN, COMPLETED, EXPIRED, DELETED. Any 2xx answer within the time limit
(\`CALLBACK_TIMEOUT_MS\`) counts as delivered; anything else (a redirect included: redirects are
not followed) is retried with exponential backoff for 24 hours. A chain's events arrive one at a
time in the order they happened. An event may arrive more than once, always with the same \`id\`
(also in the \`${callbackEventIdHeader}\` header): keep each id once.

Every request carries \`${callbackSignatureHeader}: t=<unix seconds>,v1=<hex>\`, where \`v1\` is
HMAC-SHA256 over \`<t>.<raw body>\` under the secret of the chain's creator: their own, when they
made one (\`POST /rdss/v1/callbacks/secret\`, or Callbacks in My profile; shown once, replaced by
making another), otherwise the server's \`CALLBACK_SECRET\`. An integration with its own secret
trusts no callback signed with another's. Check it over the raw bytes received, in constant
time, and refuse a \`t\` more than a few minutes old (replays):

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(secret, header, rawBody, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
\`\`\`

The event's JSON Schema:

\`\`\`json
${eventSchemaJson}
\`\`\`
`;
