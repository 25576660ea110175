import type { PreparedSignature, SignatureAlgorithm } from '@signet/pades';
import type { SignItem, SignResultItem } from '@signet/contracts/signatures';
import type { AppContext } from '#infra/app-context';
import { AppError } from '#infra/app-error';
import type { Timings } from '#infra/timings';
import type { ValidationDataSource } from '#infra/validation-data';
import type { CredentialRefService } from '#platform/public';
import type { KeySession, SigningClient, SigningCredential } from '#rssp/public';
import type {
  NewChainHistoryEvent,
  ChainEntryRow,
  DocumentRow,
  RevisionRow,
  StoredChain,
} from '../schema';
import type { ChainLocks, ChainContext } from '../chains';
import type { BlobStore } from '../documents';
import {
  type PdfPool,
  type RevisionBuffers,
  type PrefixSha256,
  type SharedSha256,
  invalid,
} from '../pdf-work';
import type { TrailDocumentJob } from '../trail';

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
  /** An ATTACHED chain's trail, attached to the revision it signs (kept for downloads). */
  attachedTrail?: Uint8Array | undefined;
  signedAt: Date;
  subsignerName: string | null;
  /** The SIGNED event this signature records (already part of the trail it carries). */
  history: NewChainHistoryEvent;
  /** Answered from an earlier call with the same idempotency key. */
  done?: SignResultItem;
}
/** A job's signature values: its document's, and its detached trail's. */
export interface JobSignatures {
  main: Uint8Array;
  trail?: Uint8Array | undefined;
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

/** Points where a test may have the process killed (SIGNET_TEST_CRASH_AT, tests only). */
export type CrashPoint = 'prepared' | 'signed' | 'stored' | 'committed';

export function crash(ctx: SignContext, point: CrashPoint): void {
  if (ctx.crashAt === point) process.kill(process.pid, 'SIGKILL');
}
