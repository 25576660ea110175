import {
  signatureDigestTail,
  withDocumentDigest,
  type PreparedSignature,
  type SignatureAlgorithm,
} from '@signet/pades';
import { actionableEntry, canSign, isParticipant } from '@signet/contracts/chain-rules';
import type { SignItem, SignRequest, SignResultItem } from '@signet/contracts/signatures';
import type { AppContext } from '#infra/app-context';
import { AppError, forbidden, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import { noTimings, type Timings } from '#infra/timings';
import type { ValidationDataSource } from '#infra/validation-data';
import type { CredentialRefService } from '#platform/public';
import type { KeySession, SigningClient, SigningCredential } from '#rssp/public';
import type { NewChainHistoryEvent } from './chain-history';
import type { ChainLocks } from './chain-locks';
import type { ChainContext } from './chain-context';
import { asOfNow } from './chain-expiry';
import { tellStep } from './chain-notices';
import type { ChainEntryRow } from './chain-table';
import type { BlobStore } from './document-store';
import type { DocumentRow } from './document-table';
import type { PdfPool } from './pdf-pool';
import type { RevisionBuffers } from './revision-buffers';
import type { PrefixSha256, SharedSha256 } from './shared-sha256';
import * as revisions from './revision-store';
import type { RevisionRow } from './revision-table';
import { chainSignatureAppearance, profileSigningCredential } from './sign-appearance';
import { trailForSignature } from './sign-trail';
import { signedHistoryEvent, toChainHistoryEvent } from './signed-history-event';
import { prepareTrailDocument, type TrailDocumentJob } from './trail-document';
import { ruleChain, type StoredChain } from './stored-chain';
import type { ContainerSignatureEvidence } from './signature-evidence';
import { completesChain, jobEvidence, type JobEvidence } from './job-evidence';
import { commitJob, crash, StaleRevision, type CrashPoint } from './sign-commit';
import { signWithReference } from './external-sign';
import { invalid, pdfFailure } from './pdf-failure';
import {
  commitContainerJob,
  containerEvidence,
  isContainerJob,
  prepareContainerJob,
  type ContainerJob,
} from './container-sign';

export interface SignContext extends ChainContext {
  blobs: BlobStore;
  increments: BlobStore;
  signing: SigningClient;
  /** Imported credentials: the provider signs (external-sign.ts). */
  refs: CredentialRefService;
  locks: ChainLocks;
  buffers: RevisionBuffers;
  /** SHA-256 of large revisions on a thread of its own (a chain's last signature's, below). */
  hashes: SharedSha256;
  /** The engine's threads, where each chain is prepared (pdf-pool.ts). */
  pdf: PdfPool;
  /** Where each signature's RFC 3161 time-stamp comes from (signature-evidence.ts). */
  timestamps: AppContext['timestamps'];
  /** Certificates, OCSP responses and CRLs of a signature's chains (B-LT; the rSSP's source). */
  validationData: ValidationDataSource;
  /** Tests only: kill the process at this point of the first chain's signing. */
  crashAt?: CrashPoint | undefined;
}

/** How often one chain is prepared again when another server instance committed first. */
const maxAttempts = 4;

/** Who signs, as the chain's history records it. */
export interface Signer {
  name: string;
  email: string;
  clientAddress: string | undefined;
}

const algorithms: Partial<Record<SigningCredential['keyAlg'], SignatureAlgorithm>> = {
  rsa: 'RSA_PKCS1',
  ec: 'ECDSA',
  'sphincs+': 'SLH_DSA_SHA2_128F',
};

export function algorithmOf(credential: SigningCredential): SignatureAlgorithm {
  const algorithm = algorithms[credential.keyAlg];
  if (!algorithm) throw new AppError('INVALID_REQUEST', 'The credential is not a signing key');
  return algorithm;
}

/** One chain on its way: what was read and prepared, then signed. */
export interface Job {
  index: number;
  item: SignItem;
  chainId: string;
  entry: ChainEntryRow;
  /** The chain as read, and its version (what the commit checks). */
  stored: StoredChain;
  version: string;
  document: DocumentRow;
  /** The revisions it was prepared on (the latest last), and their joined bytes' length. */
  base: RevisionRow[];
  baseSize: number;
  /**
   * Those joined bytes, while the call that read them holds their buffer (the signature's
   * evidence is appended to them, `signature-evidence.ts`); read again when absent.
   */
  baseBytes?: Uint8Array | undefined;
  /**
   * On a chain's last signature, the SHA-256 of those bytes, begun as soon as they were read: the
   * document time-stamp continues it instead of hashing the whole file again (decision 046).
   */
  basePrefix?: PrefixSha256 | undefined;
  /** The document's password, for the updates after the signature. */
  password?: string | undefined;
  prepared: PreparedSignature;
  /** A DETACHED trail's document, revised and signed with it (a second hash). */
  trail?: TrailDocumentJob | undefined;
  signedAt: Date;
  subsignerName: string | null;
  /** The SIGNED event this signature records (already part of the trail it carries). */
  history: NewChainHistoryEvent;
  /** Answered from an earlier call with the same idempotency key. */
  done?: SignResultItem;
}

/**
 * `POST signatures/sign`: signs one or several chains with one credential and one authorisation
 * (D§3, D§4). The rSSP session opens as the call takes its turns: a key password's attempt is
 * counted and its KDF starts, whatever the turns, while every chain is checked and prepared on
 * its latest revision; then the rSSP authorises and signs exactly those hashes at once, then
 * each chain commits its new revision (the increment only), its entry and its next state in one
 * statement with its events. A call that fails before the first commit changes nothing but a
 * wrong key password's count (the session is abandoned: a right password's attempt goes back).
 */
export async function signChains(options: {
  ctx: SignContext;
  actor: AuthUser;
  input: SignRequest;
  /** The client's address as Fastify sees it (`request.ip`), for the chain's history. */
  clientAddress?: string | undefined;
  timings?: Timings;
}): Promise<SignResultItem[]> {
  const { ctx, actor } = options;
  const timings = options.timings ?? noTimings;
  if (!actor.roles.includes('signer')) throw forbidden('Signing needs the signer role');
  const own = options.input.credentialOptions;
  // A profile named without a credential signs with the profile's (D§3): an rSSP credential,
  // or an imported one, which takes the imported-credential path (returnHashes, then the SAD).
  const fromProfile =
    own.credentialId === undefined && own.credentialRefId === undefined
      ? await profileSigningCredential({
          db: ctx.database.db,
          maxImageBytes: ctx.config.MAX_SIGNATURE_PROFILE_IMAGE_BYTES,
          request: options.input,
          signer: { id: actor.id, name: actor.email },
        })
      : null;
  const input: SignRequest =
    fromProfile?.credentialRefId != null
      ? {
          ...options.input,
          credentialOptions: { ...own, credentialRefId: fromProfile.credentialRefId },
        }
      : options.input;
  refuseLaterModes(input);
  if (input.credentialOptions.credentialRefId !== undefined) {
    const signer = signerOf(actor, options.clientAddress);
    return signWithReference(ctx, { actor, signer, input, timings });
  }
  const credentialId = input.credentialOptions.credentialId ?? fromProfile?.credentialId ?? null;
  if (credentialId === null) {
    throw invalid({ 'credentialOptions.credentialId': 'Field is required' });
  }
  // The session opens while the call takes its turns and reads its first chain, which needs
  // nothing of it: the attempt's round trip runs beside the read's (decision 048). Its failure
  // is met where the credential is first needed, before anything else is checked.
  const opening = openSigningSession(ctx, {
    credentialId,
    userId: actor.id,
    PIN: input.credentialOptions.PIN,
    timings,
  });
  opening.catch(() => undefined);
  const chainIds = input.signatures.map((s) => s.signatureId);
  // The revisions' buffers of this call, handed back when it ends (nothing reads them then).
  const taken: Buffer[] = [];
  try {
    const signer = signerOf(actor, options.clientAddress);
    return await ctx.locks.run(chainIds, () =>
      signInTurn(ctx, { actor, signer, input, opening, taken, timings }),
    );
  } catch (error) {
    // Nothing is signed unless the session signed; then this does nothing.
    const session = await opening.catch(() => undefined);
    await session?.abandon();
    throw error;
  } finally {
    for (const buffer of taken) ctx.buffers.give(buffer);
  }
}

/** Inside the chains' turns: prepare every chain, sign all hashes at once, commit each chain. */
async function signInTurn(
  ctx: SignContext,
  options: {
    actor: AuthUser;
    signer: Signer;
    input: SignRequest;
    /** The key session, opening beside the first chain's read. */
    opening: Promise<KeySession>;
    taken: Buffer[];
    timings: Timings;
  },
): Promise<SignResultItem[]> {
  const jobs: (Job | ContainerJob)[] = [];
  try {
    return await signJobs(ctx, { ...options, jobs });
  } finally {
    // A call that failed before a job's evidence leaves its revision's hash unused.
    for (const job of jobs) if (!isContainerJob(job)) job.basePrefix?.release();
  }
}

/** `signInTurn`'s work, each job noted in `jobs` as it is prepared. */
async function signJobs(
  ctx: SignContext,
  options: Parameters<typeof signInTurn>[1] & { jobs: (Job | ContainerJob)[] },
): Promise<SignResultItem[]> {
  const { actor, signer, input, opening, taken, timings, jobs } = options;
  const credential = opening.then((s) => s.credential);
  credential.catch(() => undefined);
  for (const [index, item] of input.signatures.entries()) {
    jobs.push(
      await prepareJob(ctx, { actor, signer, input, credential, index, item, taken, timings }),
    );
  }
  const session = await opening;
  const open = jobs.filter((job) => !job.done);
  if (open.length === 0) {
    await session.abandon();
  } else {
    const signatures = await signAll(ctx, { session, jobs: open, timings });
    // Every chain's evidence (its time-stamps) before the first commit: a TSA that fails or is
    // late fails the call with nothing stored.
    const evidence = await Promise.all(
      open.map((job, i) => {
        const signature = signatures[i] as JobSignatures;
        return isContainerJob(job)
          ? containerEvidence(ctx, job, signature.main, timings)
          : jobEvidence(ctx, job, signature, timings);
      }),
    );
    for (const [i, job] of open.entries()) {
      const signature = signatures[i] as JobSignatures;
      const made = evidence[i] as JobEvidence | ContainerSignatureEvidence;
      job.done = isContainerJob(job)
        ? await commitContainerJob(ctx, {
            actor,
            input,
            job,
            evidence: made as ContainerSignatureEvidence,
            timings,
          })
        : await commitWithRetry(ctx, {
            actor,
            signer,
            input,
            credential: session.credential,
            job,
            signature,
            evidence: made as JobEvidence,
            taken,
            timings,
          });
      // After its commit: the next participant's turn, or "completed" (chain-notices.ts).
      tellStep(ctx, job.chainId, job.entry.id, actor.id);
    }
  }
  return jobs.map((job) => job.done as SignResultItem);
}

/** Who signs, as the chain's history and trail name them: as the sign-in read them. */
function signerOf(actor: AuthUser, clientAddress: string | undefined): Signer {
  return { name: actor.name, email: actor.email, clientAddress };
}

/**
 * The rSSP's key session of one sign call (D§4 sign modes), for every path that signs with an own
 * credential: with an EXPLICIT credential's key password its attempt is counted and its KDF
 * starts now, while the caller prepares; an IMPLICIT credential's use waits for the approval on
 * a device when the session signs. An EXPLICIT credential without its key password is refused
 * (nothing was counted).
 */
export async function openSigningSession(
  ctx: Pick<SignContext, 'signing'>,
  options: { credentialId: string; userId: string; PIN: string | undefined; timings: Timings },
): Promise<KeySession> {
  const { credentialId, userId, PIN, timings } = options;
  const session = await ctx.signing.openKeySession(
    { credentialId, userId, keyPassword: PIN },
    timings,
  );
  if (session.credential.authMode === 'EXPLICIT' && PIN === undefined) {
    throw invalid({ 'credentialOptions.PIN': 'Field is required' });
  }
  return session;
}

function refuseLaterModes(input: SignRequest): void {
  const external = input.credentialOptions.credentialRefId !== undefined;
  const later =
    input.useSeal ||
    input.credentialOptions.evroRefId !== undefined ||
    (!external &&
      (input.returnHashes === true ||
        input.sad !== undefined ||
        input.signatures.some((s) => s.docHashes !== undefined)));
  if (later) {
    throw new AppError(
      'INVALID_REQUEST',
      'The seal and electronic identities are not available yet; hashes and a SAD need an imported credential',
    );
  }
}

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
    ...(attached ? { trailPages: attached } : {}),
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
    signedAt,
    subsignerName,
    history,
  };
}

/** A job's signature values: its document's, and its detached trail's. */
export interface JobSignatures {
  main: Uint8Array;
  trail?: Uint8Array | undefined;
}

/**
 * One authorisation for every hash (the session's): each job's, and its detached trail's after
 * it (D§4 signature chunking); the signatures come back per job, in the jobs' order.
 */
async function signAll(
  ctx: SignContext,
  options: { session: KeySession; jobs: (Job | ContainerJob)[]; timings: Timings },
): Promise<JobSignatures[]> {
  const { session, jobs, timings } = options;
  const parts = jobs.flatMap((job) =>
    isContainerJob(job)
      ? [{ hash: job.prepared.hash, name: job.fileName }]
      : [
          { hash: job.prepared.hash, name: job.document.fileName },
          ...(job.trail
            ? [{ hash: job.trail.prepared.hash, name: job.trail.document.fileName }]
            : []),
        ],
  );
  const { signatures } = await session.signHashes(
    {
      hashes: parts.map((part) => part.hash),
      hashAlgorithm: 'sha256',
      documents: parts.map((part) => part.name),
    },
    timings,
  );
  crash(ctx, 'signed');
  let next = 0;
  return jobs.map((job) => ({
    main: signatures[next++] as Uint8Array,
    ...(!isContainerJob(job) && job.trail ? { trail: signatures[next++] as Uint8Array } : {}),
  }));
}

/**
 * Commits a signed job; when another instance committed a revision of the chain first, prepares
 * on the new latest revision, signs again (a new authorisation with the same key password) and
 * commits that.
 */
async function commitWithRetry(
  ctx: SignContext,
  options: {
    actor: AuthUser;
    signer: Signer;
    input: SignRequest;
    credential: SigningCredential;
    job: Job;
    signature: JobSignatures;
    /** The first attempt's increments (made before any commit); later attempts make theirs. */
    evidence?: JobEvidence;
    taken: Buffer[];
    timings: Timings;
  },
): Promise<SignResultItem> {
  const { actor, signer, input, credential, taken, timings } = options;
  let { job, signature, evidence } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await commitJob(ctx, { actor, input, job, signature, evidence, timings });
    } catch (error) {
      if (!(error instanceof StaleRevision) || attempt >= maxAttempts) {
        if (error instanceof StaleRevision) {
          throw new AppError('SERVICE_UNAVAILABLE', 'The chain is busy; try again');
        }
        throw error;
      }
      const again = await prepareJob(ctx, {
        actor,
        signer,
        input,
        credential,
        index: job.index,
        item: job.item,
        taken,
        timings,
      });
      if (again.done) return again.done;
      // A chain is over a document or a batch for good: a PDF's stays a PDF's.
      if (isContainerJob(again)) throw new Error('A PDF chain became a container');
      job = again;
      // A new authorisation with the same key password, inside the turn this time (rare).
      const session = await ctx.signing.openKeySession(
        { credentialId: credential.id, userId: actor.id, keyPassword: input.credentialOptions.PIN },
        timings,
      );
      try {
        [signature] = (await signAll(ctx, { session, jobs: [job], timings })) as [JobSignatures];
        evidence = undefined;
      } catch (error) {
        job.basePrefix?.release();
        await session.abandon();
        throw error;
      }
    }
  }
}
