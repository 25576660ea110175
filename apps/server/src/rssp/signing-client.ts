import type { AppContext } from '#infra/app-context';
import { noTimings, type Timings } from '#infra/timings';
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
}

export function createSigningClient(context: AppContext): SigningClient {
  const ctx: KeyContext = {
    config: context.config,
    database: context.database,
    ring: context.keyRing,
  };
  return {
    credentialForSigning: (request) => credentialForSigning(ctx, request),
    authorizeCredential: (request, timings = noTimings) =>
      authorizeCredential(ctx, request, timings),
    signHashes: (request, timings = noTimings) => signHashes(ctx, request, timings),
  };
}
