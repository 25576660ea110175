import { z } from 'zod';
import {
  chainEndedReasonSchema,
  chainFilterSchema,
  chainStatusSchema,
  chainTypeSchema,
  entryStatusSchema,
} from './chain-rules';
import { linkTokenSchema } from './common';
import { maxChainParticipants } from './limits';
import { batchDocumentSchema, documentSchema } from './documents';
import { pageQueryShape, pageSchema } from './paging';
import { emailSchema } from './users';

/**
 * Signature chains of the document signing service (spec documents §3 SignatureChain and
 * Signature entry, §5 validation, §7 chain calls under `/rdss/v1/signatureChains`).
 */

export const chainMessages = {
  required: 'Field is required',
  commentSize: 'Size must be between 0 and 255 characters',
  noSigner: 'At least one participant must sign or approve',
  duplicateParticipant: 'Each participant may appear once',
  tooManyParticipants: `A chain names at most ${maxChainParticipants} participants`,
  subsignerRequired: 'The sub-signer name is required for a clerk',
  oneSubject: 'Give either origDocId or batchId',
  /** documents §5 cantSignAttachedSigningTrailWhenPDFAlreadySigned, naming the file. */
  dueInPast: 'The due date must be in the future',
  alreadySigned: (fileName: string) =>
    `${fileName} already has digital signatures: it cannot take an attached signing trail`,
} as const;
const m = chainMessages;

const email = emailSchema.toLowerCase();
const comment = z.string().max(255, m.commentSize);

// Why a FAILED chain ended (issue 26 §4): the rules' module holds it, as the row chip reads it.
export { chainEndedReasons, chainEndedReasonSchema, type ChainEndedReason } from './chain-rules';

export const signingTrailModes = ['ATTACHED', 'DETACHED', 'NONE'] as const;
export const signingTrailModeSchema = z.enum(signingTrailModes);

export const chainSignerInputSchema = z
  .object({
    email,
    approver: z.boolean().default(false),
    clerkMode: z.boolean().default(false),
    subsignerName: z.string().trim().max(255).optional(),
  })
  .strict()
  .refine((s) => !s.clerkMode || Boolean(s.subsignerName), {
    path: ['subsignerName'],
    message: m.subsignerRequired,
  });

/** What every create-chain payload names (D§3 create-chain payload). */
const chainShape = {
  type: chainTypeSchema,
  signers: z
    .array(chainSignerInputSchema)
    .min(1, m.noSigner)
    .max(maxChainParticipants, m.tooManyParticipants),
  viewerEmails: z.array(email).max(maxChainParticipants, m.tooManyParticipants).default([]),
  comment: comment.optional(),
  externalId: z.string().trim().min(1).max(255).optional(),
  externalCallbackUrl: z.string().url().max(2048).optional(),
  /** Absent: ATTACHED while the signing trail feature is on, else NONE (D§9). */
  signingTrailMode: signingTrailModeSchema.optional(),
  /**
   * Beyond the spec (issue 26 §3): when the chain must be done by. Not DONE then, it fails as
   * EXPIRED. Must lie in the future (the server checks against its clock).
   */
  dueAt: z.iso.datetime({ offset: true }).optional(),
};

function refineParticipants(
  v: { signers: { email: string }[]; viewerEmails: string[] },
  ctx: z.RefinementCtx,
) {
  const all = [...v.signers.map((s) => s.email), ...v.viewerEmails];
  if (new Set(all).size !== all.length) {
    ctx.addIssue({ code: 'custom', path: ['signers'], message: m.duplicateParticipant });
  }
  // Each list is capped on its own too; together they stay under the same cap (issue 25 §5).
  if (all.length > maxChainParticipants) {
    ctx.addIssue({ code: 'custom', path: ['signers'], message: m.tooManyParticipants });
  }
}

/** `POST signatureChains`: a chain over an uploaded document, or over a whole batch. */
export const createChainSchema = z
  .object({
    ...chainShape,
    origDocId: z.string().uuid().optional(),
    batchId: z.string().uuid().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    refineParticipants(v, ctx);
    if ((v.origDocId === undefined) === (v.batchId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['origDocId'], message: m.oneSubject });
    }
  });
export type CreateChain = z.infer<typeof createChainSchema>;
export type CreateChainInput = z.input<typeof createChainSchema>;

/**
 * `POST signatureChains/multi`: over a batch, one chain per document, or with `bulk` one chain
 * over the whole batch (D§2 bulk switch).
 */
export const createMultiChainSchema = z
  .object({ ...chainShape, batchId: z.string().uuid(), bulk: z.boolean().default(false) })
  .strict()
  .superRefine(refineParticipants);
export type CreateMultiChain = z.infer<typeof createMultiChainSchema>;
export type CreateMultiChainInput = z.input<typeof createMultiChainSchema>;

const personSchema = z.object({
  id: z.string().uuid().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});

/** A signed revision of a chain's document: its bytes are `GET documents/{id}/file`. */
export const signedDocumentSchema = z.object({ id: z.string().uuid(), fileName: z.string() });
export type SignedDocument = z.infer<typeof signedDocumentSchema>;

export const chainEntrySchema = z.object({
  id: z.string().uuid(),
  /** `id` null: an invited e-mail nobody has taken up yet. */
  user: personSchema,
  status: entryStatusSchema,
  signedAt: z.string().nullable(),
  comment: z.string().nullable(),
  approver: z.boolean(),
  clerkMode: z.boolean(),
  subsignerName: z.string().nullable(),
  /** The revision this entry's signature made (`GET documents/{id}/file`), once signed. */
  signedDocument: signedDocumentSchema.nullable(),
});
export type ChainEntry = z.infer<typeof chainEntrySchema>;

export const chainSchema = z.object({
  id: z.string().uuid(),
  status: chainStatusSchema,
  type: chainTypeSchema,
  createdBy: personSchema,
  comment: z.string().nullable(),
  signatures: z.array(chainEntrySchema),
  viewers: z.array(personSchema),
  /** The one document, or null for a chain over a whole batch. */
  origDocument: documentSchema
    .pick({ id: true, fileName: true, fileSize: true, security: true })
    .nullable(),
  /** The batch a bulk chain is over, or null. */
  batch: z
    .object({ id: z.string().uuid(), name: z.string(), documents: z.array(batchDocumentSchema) })
    .nullable(),
  /** The latest signed revision (null before the first signature); the original stays downloadable. */
  signedDocument: signedDocumentSchema.nullable(),
  /** The asking user's entry that may act now, if any. */
  currentSignatureId: z.string().uuid().nullable(),
  signingTrailMode: signingTrailModeSchema,
  /** Why a FAILED chain ended (withdrawn, declined, expired); null while it lives or when done. */
  endedReason: chainEndedReasonSchema.nullable(),
  /** When the chain must be done by (issue 26 §3), or null. */
  dueAt: z.string().nullable(),
  /** The creator's reason for withdrawing (at most 255 characters), when they gave one. */
  withdrawReason: z.string().nullable(),
  externalId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  signedAt: z.string().nullable(),
});
export type Chain = z.infer<typeof chainSchema>;

export const chainSortFields = ['updatedAt', 'createdAt', 'fileName', 'status'] as const;

/** `GET signatureChains/self`: the asking user's chains under one filter (D§4). */
export const ownChainListQuerySchema = z
  .object({
    ...pageQueryShape(chainSortFields, 'updatedAt', 'desc'),
    filter: chainFilterSchema.default('ALL'),
  })
  .strict();
export type OwnChainListQuery = z.infer<typeof ownChainListQuerySchema>;

/** The admin's list (All Documents, and the recycle bin with `recycleBin=true`). */
export const adminChainListQuerySchema = z
  .object({
    ...pageQueryShape(chainSortFields, 'updatedAt', 'desc'),
    recycleBin: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    status: chainStatusSchema.optional(),
    fileName: z.string().trim().max(255).optional(),
    createdBy: z.string().uuid().optional(),
    memberId: z.string().uuid().optional(),
  })
  .strict();
export type AdminChainListQuery = z.infer<typeof adminChainListQuerySchema>;

/** `PUT signatureChains/{id}`: the creator replaces the viewers. */
export const updateChainViewersSchema = z
  .object({ viewerEmails: z.array(email).max(maxChainParticipants, m.tooManyParticipants) })
  .strict();
export type UpdateChainViewers = z.infer<typeof updateChainViewersSchema>;

export const externalIdParamsSchema = z.object({ id: z.string().trim().min(1).max(255) }).strict();

/**
 * A page of chains. The admin list counts the matches of a file-name, creator or member filter
 * only up to a bound (decision 018): past it `total` is that bound and `totalIsLowerBound` is
 * true ("more than 1,000"). Absent: `total` is exact.
 */
export const chainPageSchema = pageSchema(chainSchema).extend({
  totalIsLowerBound: z.literal(true).optional(),
});

export const multiChainResultSchema = z.object({ chains: z.array(chainSchema) });
export type MultiChainResult = z.infer<typeof multiChainResultSchema>;
export type ChainPage = z.infer<typeof chainPageSchema>;

/** `POST signatures/{chainId}/decline` and `/approve`. */
export const chainDecisionSchema = z
  .object({ currentSignatureId: z.string().uuid(), comment: comment.optional() })
  .strict();
export type ChainDecision = z.infer<typeof chainDecisionSchema>;

/** `PUT signatureChains/withdraw/{id}`: the creator's optional reason (no body: none). */
export const withdrawChainSchema = z
  .object({ reason: z.string().trim().max(255, m.commentSize).optional() })
  .strict();
export type WithdrawChain = z.infer<typeof withdrawChainSchema>;

/** `POST signatureChains/invitation`: the token of a mailed chain invitation (after `#`). */
export const chainInvitationSchema = z.object({ token: linkTokenSchema }).strict();

/**
 * `POST signatureChains/{id}/reminders`: the creator reminds the participants whose turn it is
 * (issue 26 §3). Each entry is reminded at most once a day: one reminded within the last 24 hours
 * is skipped. The answer names who was reminded and who was skipped.
 */
export const chainRemindersResultSchema = z.object({
  /** Addresses reminded now. */
  reminded: z.array(z.string()),
  /** Addresses whose turn it is but that were reminded less than a day ago. */
  skipped: z.array(z.string()),
  /** When the earliest skipped entry may be reminded again, or null. */
  nextReminderAt: z.string().nullable(),
});
export type ChainRemindersResult = z.infer<typeof chainRemindersResultSchema>;

export const chainIdParamsSchema = z.object({ id: z.string().uuid() }).strict();
