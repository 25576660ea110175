import type { AppContext } from '#infra/app-context';
import { noTimings, type Timings } from '#infra/timings';
import { openKeySession, type KeySession } from './key-opening';
import type { KeyContext } from './key-secrets';
import {
  authorizeCredential,
  credentialForSigning,
  signHashes,
  type AuthoriseRequest,
  type SignHashesRequest,
  type SignHashesResult,
  type SigningCredential,
} from './sign-hashes';

export type {
  AuthoriseRequest,
  GrantingAuthorisation,
  SignHashesRequest,
  SignHashesResult,
  SigningAuthorisation,
  SigningCredential,
} from './sign-hashes';
export type { KeySession } from './key-opening';

/**
 * The client interface other services sign through (ARCHITECTURE.md "Signing"): the CSC-shaped
 * calls of the rSSP. In one process it calls the rSSP module; deployed apart it would speak HTTP.
 */
export interface SigningClient {
  /** The credential and its certificates, checked for signing now (no key is used). */
  credentialForSigning(request: {
    credentialId: string;
    userId: string;
  }): Promise<SigningCredential>;
  /** Signature Activation Data for exactly these hashes (the KDF runs here: `kdf` of `timings`). */
  authorizeCredential(
    request: AuthoriseRequest,
    timings?: Timings,
  ): Promise<{ sad: string; expiresAt: Date }>;
  /** The signatures the SAD covers (`unwrap`: opening the sealed key and signing). */
  signHashes(request: SignHashesRequest, timings?: Timings): Promise<SignHashesResult>;
  /**
   * The credential checked for signing now and, with its key password, the attempt counted and
   * the KDF started: the caller prepares its hashes meanwhile, then signs them with the session
   * (one authorisation bound to exactly them), or abandons it (the attempt goes back).
   */
  openKeySession(
    request: { credentialId: string; userId: string; keyPassword?: string | undefined },
    timings?: Timings,
  ): Promise<KeySession>;
}

export function createSigningClient(context: AppContext): SigningClient {
  const ctx: KeyContext = {
    config: context.config,
    database: context.database,
    ring: context.keyRing,
    events: context.events,
    presence: context.presence,
  };
  return {
    credentialForSigning: (request) => credentialForSigning(ctx, request),
    authorizeCredential: (request, timings = noTimings) =>
      authorizeCredential(ctx, request, timings),
    signHashes: (request, timings = noTimings) => signHashes(ctx, request, timings),
    openKeySession: (request, timings = noTimings) => openKeySession(ctx, request, timings),
  };
}
