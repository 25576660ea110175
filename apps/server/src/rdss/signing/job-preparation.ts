import { signatureDigestTail, withDocumentDigest, type PreparedSignature } from '@signet/pades';
import { actionableEntry, canSign, isParticipant } from '@signet/contracts/chain-rules';
import type { SignItem, SignRequest } from '@signet/contracts/signatures';
import { forbidden, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Timings } from '#infra/timings';
import type { SigningCredential } from '#rssp/public';
import { type ChainEntryRow, asOfNow, ruleChain } from '../schema';
import { revisions } from '../documents';
import { chainSignatureAppearance } from '../profiles';
import {
  trailForSignature,
  signedHistoryEvent,
  toChainHistoryEvent,
  prepareTrailDocument,
  trailFileName,
  type TrailDocumentJob,
} from '../trail';
import { completesChain } from './job-evidence';
import { invalid, pdfFailure } from '../pdf-work';
import { prepareContainerJob, type ContainerJob } from './container-sign';
import { algorithmOf, crash, type Job, type SignContext, type Signer } from './sign-job';

/**
 * Reads the chain as it is now, checks that the actor may sign it with the entry named, and
 * prepares its latest revision (a bulk chain: its container's next signature, container-sign.ts).
 * Answers from the idempotency record when this key signed it.
 */
export async function prepareJob(
  ctx: SignContext,
  options: {
    actor: AuthUser;
    signer: Signer;
    input: SignRequest;
    /** The credential, or the key session's while it opens (`signChains`). */
    credential: SigningCredential | Promise<SigningCredential>;
    index: number;
    item: SignItem;
    /** Where the buffers taken for the revision's bytes are noted. */
    taken: Buffer[];
    timings: Timings;
  },
): Promise<Job | ContainerJob> {
  const { actor, signer, input, index, item, taken, timings } = options;
  const db = ctx.database.db;
  const chainId = item.signatureId;
  const key = input.idempotencyKey;
  const reading = timings.measure('database', () =>
    revisions.readForSigning(db, {
      chainId,
      userId: actor.id,
      idempotencyKey: key,
      // The trail is read with the chain: it renders once the read answers.
      history: ctx.config.SIGNING_TRAIL_ENABLED,
    }),
  );
  reading.catch(() => undefined);
  // A session that failed to open answers first, as when it opened before the read.
  const credential = await options.credential;
  const {
    stored,
    done,
    document,
    revisions: base,
    version,
    settings,
    history: trailHistory,
  } = await reading;
  if (done) return { index, item, chainId, done } as Job;
  if (!stored || !isParticipant(ruleChain(stored), actor.id)) throw notFound('Signature chain');
  // Past its due date the chain is expired, whether or not the sweep wrote it yet.
  const rules = ruleChain(asOfNow(stored));
  const entry = actionableEntry(rules, actor.id);
  if (!entry || entry.id !== item.currentSignatureId || !canSign(rules, actor.id)) {
    throw forbidden('This signature cannot be signed now');
  }
  const row = stored.entries.find((e) => e.id === entry.id) as ChainEntryRow;
  if (!stored.chain.origDocumentId) {
    const algorithm = algorithmOf(credential);
    return prepareContainerJob(ctx, {
      ...options,
      credential,
      algorithm,
      stored,
      version,
      entry: row,
    });
  }
  const subsignerName = row.clerkMode ? (item.subsignerName ?? row.subsignerName) : null;
  if (row.clerkMode && !subsignerName) {
    throw invalid({ [`signatures.${index}.subsignerName`]: 'Field is required' });
  }
  if (row.clerkMode && input.userImageDataUrl === undefined) {
    throw invalid({ userImageDataUrl: 'The client draws their signature' });
  }
  if (!document || version === undefined) throw notFound('Document');
  const password = input.documentsOptions.find((o) => o.docId === document.id)?.passwordProtection;
  const signedAt = new Date();
  const appearance = await timings.measure('appearance', () =>
    chainSignatureAppearance({
      db,
      maxImageBytes: ctx.config.MAX_SIGNATURE_PROFILE_IMAGE_BYTES,
      request: input,
      item,
      signer: { id: actor.id, name: credential.subjectName },
      signedAt,
      subsignerName,
      settings,
    }),
  );
  const history = signedHistoryEvent({
    chainId,
    entryId: row.id,
    actorId: actor.id,
    signer,
    certificate: credential.certificates[0] as Uint8Array,
    page: appearance?.page,
    clientAddress: signer.clientAddress,
    subsignerName,
    at: signedAt,
  });
  const signing = {
    certificateChain: credential.certificates,
    algorithm: algorithmOf(credential),
    // Room for the signature time-stamp every signature gets (B-T, signature-evidence.ts).
    timestamp: true,
    signingTime: signedAt,
    name: credential.subjectName,
    ...(item.comment?.trim() ? { reason: item.comment.trim() } : {}),
  };
  // The revision's bytes, and the trail up to and with this signature (decision 027) meanwhile.
  // A large revision is hashed as it lands, on the hashing thread (decision 051): the prepare
  // and the chain's document time-stamp continue that hash instead of hashing the file again.
  const growing = ctx.hashes.growing();
  let bytes: Uint8Array;
  let trail: Uint8Array | undefined;
  try {
    [bytes, trail] = await Promise.all([
      timings.measure('read', () =>
        revisions.joinRevision(db, ctx, document.id, base, {
          originalSize: document.fileSize,
          allocate: (size) => {
            const buffer = ctx.buffers.take(size);
            taken.push(buffer);
            return buffer;
          },
          onRange: (range) => growing.update(range),
        }),
      ),
      timings.measure('trail', () =>
        trailForSignature(
          ctx,
          db,
          {
            chain: stored.chain,
            upload: { name: document.fileName, sha256: document.sha256 },
            history: trailHistory,
            signer: actor,
          },
          toChainHistoryEvent(history, signedAt),
          signedAt,
        ),
      ),
    ]);
  } catch (error) {
    growing.release();
    throw error;
  }
  const readHash = growing.of(bytes);
  // The last signature's document time-stamp continues the revision's hash too: a small
  // revision's begins now, on this thread (decision 046).
  const lastSignature = completesChain({ stored, entry: row });
  const keepsHash = lastSignature && ctx.config.LTA_ENABLED;
  const basePrefix = readHash ?? (keepsHash ? ctx.hashes.prefix(bytes) : undefined);
  const attached = stored.chain.signingTrailMode === 'ATTACHED' ? trail : undefined;
  const engineOptions = {
    ...signing,
    ...(password === undefined ? {} : { password }),
    ...(appearance ? { appearance } : {}),
    // The trail as the file attached to the revision (decision 056): no page changes.
    ...(attached
      ? {
          trailFile: {
            bytes: attached,
            name: trailFileName(document.fileName),
            modified: signedAt,
          },
        }
      : {}),
  };
  let prepared: PreparedSignature;
  let trailJob: TrailDocumentJob | undefined;
  try {
    prepared = await timings.measure('engine', async () => {
      if (!readHash) return ctx.pdf.prepareIncrement(bytes, engineOptions);
      const unhashed = await ctx.pdf.prepareIncrement(bytes, {
        ...engineOptions,
        hashDocument: false,
      });
      return withDocumentDigest(unhashed, await readHash.digestWith(signatureDigestTail(unhashed)));
    });
    if (trail && stored.chain.signingTrailMode === 'DETACHED') {
      trailJob = await timings.measure('engine', () =>
        prepareTrailDocument(ctx, { chain: stored.chain, trail, signing }),
      );
    }
  } catch (error) {
    basePrefix?.release();
    throw pdfFailure(error, { index, password });
  }
  if (!keepsHash) basePrefix?.release();
  crash(ctx, 'prepared');
  return {
    index,
    item,
    chainId,
    entry: row,
    stored,
    version,
    document,
    base,
    baseSize: bytes.length,
    baseBytes: bytes,
    basePrefix: keepsHash ? basePrefix : undefined,
    password,
    prepared,
    trail: trailJob,
    attachedTrail: attached,
    signedAt,
    subsignerName,
    history,
  };
}
