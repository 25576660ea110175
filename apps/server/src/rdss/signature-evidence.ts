import {
  embed,
  embedAsicSignature,
  isPdfError,
  type PreparedAsicSignature,
  type PreparedSignature,
} from '@signet/pades';
import { AppError } from '#infra/app-error';
import type { SignContext } from './sign-service';

/** The PAdES baseline level a signature reached as it was made. */
export type SignatureLevel = 'B-B' | 'B-T';

/** A signature's increment (what is stored) and the level its evidence reached. */
export interface SignatureEvidence {
  increment: Uint8Array;
  level: SignatureLevel;
}

/**
 * The increment one signature value makes of its prepared revision, and the one place where a
 * signature's evidence is added to it: the CMS itself (B-B), its signature time-stamp (B-T), the
 * validation data of its certificates (B-LT) and, on the chain's last signature, the document
 * time-stamp (B-LTA). Every signing path (own keys, imported credentials, detached trails) ends
 * here, so none of them signs less.
 *
 * The time-stamp comes from `ctx.timestamps` (TSA_URL's authority or the embedded one). A TSA
 * that fails or is late fails the signature with SERVICE_UNAVAILABLE before anything is stored;
 * with TSA_OPTIONAL the signature is made without it (B-B) and says so.
 */
export async function signatureIncrement(
  ctx: Pick<SignContext, 'timestamps'>,
  options: { prepared: PreparedSignature; signature: Uint8Array; chainDone: boolean },
): Promise<SignatureEvidence> {
  const { prepared, signature } = options;
  try {
    const increment = await embed(prepared, signature, { fetchTimestamp: ctx.timestamps.fetch });
    return { increment, level: 'B-T' };
  } catch (error) {
    if (!isPdfError(error) || error.code !== 'TIMESTAMP_FAILED') throw error;
    if (ctx.timestamps.optional) {
      return { increment: await embed(prepared, signature), level: 'B-B' };
    }
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The time-stamping authority did not answer; nothing was signed, try again',
      undefined,
      { cause: error },
    );
  }
}

/** A container signature's `.p7s` (CAdES, detached over its manifest) and the level it reached. */
export interface ContainerSignatureEvidence {
  p7s: Uint8Array;
  level: SignatureLevel;
}

/**
 * The same evidence for a bulk chain's container signature (decision 040): the CAdES signature
 * over the signer's manifest with its signature time-stamp (B-T), under the same rules as a
 * PDF's: a failing TSA is SERVICE_UNAVAILABLE before anything is stored, unless TSA_OPTIONAL.
 */
export async function containerSignatureEvidence(
  ctx: Pick<SignContext, 'timestamps'>,
  options: { prepared: PreparedAsicSignature; signature: Uint8Array },
): Promise<ContainerSignatureEvidence> {
  const { prepared, signature } = options;
  try {
    const p7s = await embedAsicSignature(prepared, signature, {
      fetchTimestamp: ctx.timestamps.fetch,
    });
    return { p7s, level: 'B-T' };
  } catch (error) {
    if (!isPdfError(error) || error.code !== 'TIMESTAMP_FAILED') throw error;
    if (ctx.timestamps.optional) {
      return { p7s: await embedAsicSignature(prepared, signature), level: 'B-B' };
    }
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The time-stamping authority did not answer; nothing was signed, try again',
      undefined,
      { cause: error },
    );
  }
}
