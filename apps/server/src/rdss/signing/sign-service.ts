import type { SignRequest, SignResultItem } from '@signet/contracts/signatures';
import { AppError, forbidden } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import { noTimings, type Timings } from '#infra/timings';
import type { KeySession, SigningCredential } from '#rssp/public';
import { tellStep } from '../notices';
import { profileSigningCredential } from '../profiles';
import type { ContainerSignatureEvidence } from './signature-evidence';
import { jobEvidence, type JobEvidence } from './job-evidence';
import { commitJob, StaleRevision } from './sign-commit';
import { signWithReference } from './external-sign';
import { invalid } from '../pdf-work';
import {
  commitContainerJob,
  containerEvidence,
  isContainerJob,
  type ContainerJob,
} from './container-sign';
import { prepareJob } from './job-preparation';
import {
  crash,
  openSigningSession,
  type Job,
  type JobSignatures,
  type SignContext,
  type Signer,
} from './sign-job';

/** How often one chain is prepared again when another server instance committed first. */
const maxAttempts = 4;
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
