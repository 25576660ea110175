import type { Signer } from '../cms';
import { buildCms, writeCms, type EmbedOptions } from './embed';
import { prepare, prepareIncrement, type PrepareOptions } from './prepare';

export type SignOptions = Omit<PrepareOptions, 'certificateChain' | 'algorithm' | 'timestamp'> &
  EmbedOptions;

/** The caller's options with what the signer decides: its chain, its algorithm, a timestamp or not. */
function prepareOptionsFor(signer: Signer, options: SignOptions): PrepareOptions {
  return {
    ...options,
    certificateChain: signer.certificateChain,
    algorithm: signer.algorithm,
    timestamp: options.fetchTimestamp !== undefined,
  };
}

/** Asks the signer for the signature value over the prepared hash and builds the CMS around it. */
async function signPrepared(
  prepared: Pick<ReturnType<typeof prepare>, 'hash' | 'state'>,
  signer: Signer,
  options: SignOptions,
) {
  const signature = await signer.signHash(prepared.hash);
  return buildCms(prepared.state, signature, options);
}

/**
 * Prepares, asks the signer for the signature value and embeds it in one call. The file is
 * hashed once and copied once.
 */
export async function sign(
  pdf: Uint8Array,
  signer: Signer,
  options: SignOptions = {},
): Promise<Uint8Array> {
  const prepared = prepare(pdf, prepareOptionsFor(signer, options));
  const cms = await signPrepared(prepared, signer, options);
  // The prepared bytes are ours: write the CMS in place instead of copying them again.
  writeCms(prepared.pdf, prepared.state, cms);
  return prepared.pdf;
}

/**
 * Like `sign`, but returns only the appended, signed update: the signed document is `pdf`
 * followed by these bytes. For storage that keeps revisions as appendices, or streams them out;
 * the original is hashed and never copied.
 */
export async function signIncrement(
  pdf: Uint8Array,
  signer: Signer,
  options: SignOptions = {},
): Promise<Uint8Array> {
  const prepared = prepareIncrement(pdf, prepareOptionsFor(signer, options));
  const cms = await signPrepared(prepared, signer, options);
  writeCms(prepared.pdf, prepared.state, cms, pdf.length);
  return prepared.pdf;
}
