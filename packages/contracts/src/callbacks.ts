import { z } from 'zod';
import { chainEndedReasonSchema, chainStatusSchema, entryStatusSchema } from './chain-rules';
import { pageQueryShape, pageSchema } from './paging';

/**
 * Callbacks (D§3 `externalCallbackUrl`, issue 27 §6, decision 042): what Signet POSTs to a
 * chain's callback URL on each of its changes, and the admin's view of the deliveries.
 */

export const callbackEventTypes = [
  'CREATED',
  'SIGNED',
  'APPROVED',
  'DECLINED',
  'WITHDRAWN',
  'COMPLETED',
  'EXPIRED',
  'DELETED',
] as const;
export const callbackEventTypeSchema = z.enum(callbackEventTypes);
export type CallbackEventType = z.infer<typeof callbackEventTypeSchema>;

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const callbackSignatureHeader = 'Signet-Signature';
/** The header carrying the event's id (the body's `id`), the same on every attempt. */
export const callbackEventIdHeader = 'Signet-Event-Id';

/** The JSON body of a callback. */
export const callbackEventSchema = z
  .object({
    id: z
      .string()
      .uuid()
      .describe('The event; the same on every attempt of it, so a receiver keeps each id once'),
    type: callbackEventTypeSchema.describe('What happened'),
    occurredAt: z.string().describe('When it happened (ISO 8601, UTC)'),
    chain: z.object({
      id: z.string().uuid(),
      externalId: z.string().nullable().describe('The externalId the chain was created with'),
      status: chainStatusSchema.describe('The chain as the change left it'),
      endedReason: chainEndedReasonSchema.nullable(),
    }),
    entry: z
      .object({
        id: z.string().uuid(),
        role: z.enum(['SIGNER', 'APPROVER', 'CLERK']),
        status: entryStatusSchema,
        email: z.string().describe('The signer’s or approver’s address'),
      })
      .nullable()
      .describe('The entry that changed (SIGNED, APPROVED, DECLINED); null otherwise'),
  })
  .describe('A chain change, POSTed to its externalCallbackUrl');
export type CallbackEvent = z.infer<typeof callbackEventSchema>;

export const callbackDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const callbackDeliveryStatusSchema = z.enum(callbackDeliveryStatuses);
export type CallbackDeliveryStatus = z.infer<typeof callbackDeliveryStatusSchema>;

export const callbackAttemptSchema = z.object({
  at: z.string(),
  durationMs: z.number().int(),
  /** The receiver's HTTP status, when it answered. */
  statusCode: z.number().int().nullable(),
  /** Why the attempt failed (connection refused, time-out, a redirect...), null on success. */
  error: z.string().nullable(),
});
export type CallbackAttempt = z.infer<typeof callbackAttemptSchema>;

/** One event's delivery as the admin sees it. */
export const callbackDeliverySchema = z.object({
  id: z.string().uuid(),
  chainId: z.string().uuid(),
  /** The callback URL's origin and path (its query may hold the receiver's token: not shown). */
  url: z.string(),
  type: callbackEventTypeSchema,
  status: callbackDeliveryStatusSchema,
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  giveUpAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The latest attempts, newest first (at most 20). */
  attempts: z.array(callbackAttemptSchema),
  attemptCount: z.number().int(),
});
export type CallbackDelivery = z.infer<typeof callbackDeliverySchema>;

export const callbackDeliveryQuerySchema = z
  .object({
    ...pageQueryShape(['createdAt'], 'createdAt', 'desc'),
    status: z.enum(['FAILED', 'PENDING']).default('FAILED'),
  })
  .strict();
export type CallbackDeliveryQuery = z.infer<typeof callbackDeliveryQuerySchema>;

export const callbackDeliveryPageSchema = pageSchema(callbackDeliverySchema);
export type CallbackDeliveryPage = z.infer<typeof callbackDeliveryPageSchema>;

export const callbackDeliveryParamsSchema = z.object({ id: z.string().uuid() }).strict();

/** Attempts shown per delivery. */
export const callbackAttemptsShown = 20;

/**
 * A creator's own callback secret (decision 054): the `Signet-Signature` of callbacks about the
 * chains they create is made with it instead of the server's `CALLBACK_SECRET`, so no other
 * integrator can sign callbacks that their receiver trusts. Shown once, when made.
 */
export const callbackSecretStatusSchema = z.object({
  /** The creator has a secret of their own; when false their callbacks use the server's. */
  hasOwnSecret: z.boolean(),
  /** When the current secret was made (null without one). */
  createdAt: z.string().nullable(),
  /** Callbacks are switched on on this server (CALLBACK_SECRET is set). */
  callbacksEnabled: z.boolean(),
});
export type CallbackSecretStatus = z.infer<typeof callbackSecretStatusSchema>;

/** A secret just made: the only answer that carries it. */
export const newCallbackSecretSchema = z.object({
  secret: z.string().describe('The HMAC-SHA256 key of `Signet-Signature`; not shown again'),
  createdAt: z.string(),
});
export type NewCallbackSecret = z.infer<typeof newCallbackSecretSchema>;

export const callbackMessages = {
  notConfigured: 'Callbacks are not configured on this server (CALLBACK_SECRET)',
  notHttps: 'The callback URL must be an https: URL',
  notPublic: 'The callback URL must reach a public address',
  unresolved: 'The callback URL’s host does not resolve',
  credentials: 'The callback URL must not carry a user name or password',
  ambiguous: 'The callback URL must be written plainly: no backslash, space or control character',
} as const;
