import {
  embed,
  embedAsicSignature,
  documentTimestampTail,
  embedDocumentTimestamp,
  isPdfError,
  requestTimestampTokenForDigest,
  signatureTimestampChain,
  validationDataIncrement,
  type PreparedAsicSignature,
  type PreparedSignature,
} from '@signet/pades';
import { AppError } from '#infra/app-error';
import type { ValidationData } from '#infra/validation-data';
import type { PrefixSha256 } from '../pdf-work';
import type { SignContext } from './sign-job';

/** The PAdES baseline level a signature reached as it was made. */
export type SignatureLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

/** A signature's increment (what is stored) and the level its evidence reached. */
export interface SignatureEvidence {
  increment: Uint8Array;
  level: SignatureLevel;
  /** Validation data that could not be had (the signature is made without it). */
  missing: string[];
}

type EvidenceContext = Pick<
  SignContext,
  'timestamps' | 'validationData' | 'pdf' | 'buffers' | 'config'
>;

const unavailable = (cause: unknown) =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'The time-stamping authority did not answer; nothing was signed, try again',
    undefined,
    { cause },
  );

const timestampFailed = (error: unknown) => isPdfError(error) && error.code === 'TIMESTAMP_FAILED';

/**
 * The increment one signature value makes of its prepared revision, and the one place where a
 * signature's evidence is added to it: the CMS itself (B-B), its signature time-stamp (B-T), the
 * validation data of its certificates (B-LT) and, on the chain's last signature, the document
 * time-stamp (B-LTA). Every signing path (own keys, imported credentials, detached trails) ends
 * here, so none of them signs less.
 *
 * The time-stamp comes from `ctx.timestamps` (TSA_URL's authority or the embedded one). A TSA
 * that fails or is late fails the signature with SERVICE_UNAVAILABLE before anything is stored;
 * with TSA_OPTIONAL the signature is made without it (B-B) and says so. The validation data
 * (the signer's and the TSA's chains with their OCSP responses or CRLs, `ctx.validationData`)
 * goes in a DSS update right after the signature's, in the same stored increment; what could not
 * be had is named in `missing` and never fails the signature. When the chain is done (and
 * LTA_ENABLED) a document time-stamp follows (decision 038).
 *
 * `base` gives the revision the signature was prepared on (the updates after the signature's are
 * appended to it); `password` opens an encrypted document. `basePrefix`, a SHA-256 of those bytes
 * begun when they were read, spares the document time-stamp a second hash of the whole file.
 */
export async function signatureIncrement(
  ctx: EvidenceContext,
  options: {
    prepared: PreparedSignature;
    signature: Uint8Array;
    chainDone: boolean;
    base: () => Promise<Uint8Array>;
    basePrefix?: PrefixSha256 | undefined;
    password?: string | undefined;
  },
): Promise<SignatureEvidence> {
  const { prepared, signature, chainDone, password } = options;
  // The signer's chain is known now: its validation data are asked while the TSA stamps.
  const signerData = collect(ctx, [
    prepared.state.certificateChain.map((b64) => Buffer.from(b64, 'base64')),
  ]);
  let signed: Uint8Array;
  let level: SignatureLevel = 'B-T';
  try {
    signed = await embed(prepared, signature, { fetchTimestamp: ctx.timestamps.fetch });
  } catch (error) {
    if (!timestampFailed(error)) throw error;
    if (!ctx.timestamps.optional) throw unavailable(error);
    signed = await embed(prepared, signature);
    level = 'B-B';
  }
  const parts = [signed];
  // The document as it stands after each update: the revision's buffer, extended in place.
  let document = ctx.buffers.extend(await options.base(), signed);

  const data = joined(
    await signerData,
    await collect(ctx, [signatureTimestampChain(signed, prepared.state)]),
  );
  const dss = validationDataIncrement(document, {
    certificates: data.certificates,
    ocsps: data.ocsps,
    crls: data.crls,
    ...(password === undefined ? {} : { password }),
  });
  parts.push(dss);
  if (level === 'B-T' && data.missing.length === 0) level = 'B-LT';

  if (chainDone && ctx.config.LTA_ENABLED) {
    document = ctx.buffers.extend(document, dss);
    const { basePrefix } = options;
    const stamp = await ctx.pdf.prepareDocumentTimestamp(document, {
      ...(password === undefined ? {} : { password }),
      ...(basePrefix ? { hashDocument: false } : {}),
    });
    if (basePrefix) {
      // The revision's hash, continued over what this signature appended.
      stamp.digest = await basePrefix.digestWith([signed, dss, ...documentTimestampTail(stamp)]);
    }
    try {
      const token = await requestTimestampTokenForDigest(stamp.digest, ctx.timestamps.fetch);
      parts.push(embedDocumentTimestamp(stamp, token));
      if (level === 'B-LT') level = 'B-LTA';
    } catch (error) {
      if (!timestampFailed(error)) throw error;
      if (!ctx.timestamps.optional) throw unavailable(error);
      data.missing.push('Document time-stamp: the time-stamping authority failed');
    }
  }
  return { increment: Buffer.concat(parts), level, missing: data.missing };
}

function joined(a: ValidationData, b: ValidationData): ValidationData {
  return {
    certificates: [...a.certificates, ...b.certificates],
    ocsps: [...a.ocsps, ...b.ocsps],
    crls: [...a.crls, ...b.crls],
    missing: [...a.missing, ...b.missing],
  };
}

/** The validation data of the chains; a source that fails is missing data, not a failure. */
async function collect(ctx: EvidenceContext, chains: Uint8Array[][]): Promise<ValidationData> {
  const wanted = chains.filter((chain) => chain.length > 0);
  if (wanted.length === 0) return { certificates: [], ocsps: [], crls: [], missing: [] };
  try {
    return await ctx.validationData.collect(wanted);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'failed';
    return { certificates: [], ocsps: [], crls: [], missing: [`Validation data: ${reason}`] };
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
