import { z } from 'zod';

/** Real-time event names (spec platform §4). */
export const eventNames = [
  'HEARTBEAT',
  'LOGOUT',
  'CONNECTION_ESTABLISHED',
  'CONNECTION_LOST',
  'SIGNATURE_CHAIN_CREATED',
  'SIGNATURE_CHAIN_UPDATED',
  'SIGNATURE_CHAIN_DELETED',
  'SIGNATURE_CHAIN_WITHDRAWN',
  'DEVICE_CREATED',
  'DEVICE_UPDATED',
  'DEVICE_DELETED',
  'CREDENTIAL_UPDATED',
  /** A request for approval was addressed to the user's devices (payload approvalId). */
  'DEVICE_APPROVAL_REQUESTED',
  /** A device approved or denied it, or it expired or was cancelled (payload approvalId, status). */
  'DEVICE_APPROVAL_DECIDED',
] as const;
export const eventNameSchema = z.enum(eventNames);
export type EventName = z.infer<typeof eventNameSchema>;

/** Which stream an event goes out on. */
export const eventStreamSchema = z.enum(['rssp', 'rdss']);
export type EventStream = z.infer<typeof eventStreamSchema>;

/**
 * An event as it travels through the bus and out of the SSE stream (`event:` is the name, `data:`
 * the JSON of this object). `userId` null means every connected user of that stream.
 */
export const signetEventSchema = z.object({
  name: eventNameSchema,
  stream: eventStreamSchema,
  userId: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()).default({}),
  time: z.string(),
});
export type SignetEvent = z.infer<typeof signetEventSchema>;
