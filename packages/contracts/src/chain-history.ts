import { z } from 'zod';

/**
 * The history of a signature chain: what the signing trail (documents §2, issue 26) prints and
 * the chain's details show. One row per event, in the order they happened.
 */

export const chainHistoryKinds = [
  'CREATED',
  'INVITED',
  'OPENED',
  'SIGNED',
  'APPROVED',
  'DECLINED',
  'WITHDRAWN',
  'COMPLETED',
  'EXPIRED',
  'REMINDED',
] as const;
export const chainHistoryKindSchema = z.enum(chainHistoryKinds);
export type ChainHistoryKind = z.infer<typeof chainHistoryKindSchema>;

/** What an event records beyond its kind and time; each field only where it applies. */
export const chainHistoryDetailSchema = z.object({
  /** The participant's or actor's display name, as it was at the time. */
  name: z.string().optional(),
  /** The participant's confirmed address (or the invited one for INVITED). */
  email: z.string().optional(),
  /** A clerk's walk-in client. */
  subsignerName: z.string().optional(),
  certificateSubject: z.string().optional(),
  certificateSerial: z.string().optional(),
  certificateIssuer: z.string().optional(),
  /** Page (1-based) of the visible signature, when placed. */
  page: z.number().int().positive().optional(),
  /** The client's address as the server saw it (never X-Forwarded-For unless configured). */
  clientAddress: z.string().optional(),
  /** Decline or withdrawal reason, or a comment. */
  reason: z.string().optional(),
  /** The document the event is about (batch chains). */
  documentName: z.string().optional(),
});
export type ChainHistoryDetail = z.infer<typeof chainHistoryDetailSchema>;

export const chainHistoryEventSchema = z.object({
  kind: chainHistoryKindSchema,
  at: z.iso.datetime(),
  entryId: z.uuid().nullable(),
  actorId: z.uuid().nullable(),
  detail: chainHistoryDetailSchema,
});
export type ChainHistoryEvent = z.infer<typeof chainHistoryEventSchema>;

/** `GET signatureChains/{id}/history`: the chain's events, oldest first. */
export const chainHistoryResponseSchema = z.array(chainHistoryEventSchema);
export type ChainHistoryResponse = z.infer<typeof chainHistoryResponseSchema>;
