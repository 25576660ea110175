import { buildCms, writeCms, type EmbedOptions } from './embed';
import { prepare, prepareIncrement, type PrepareOptions } from './prepare';
import type { Signer } from './signer';

export type SignOptions = Omit<PrepareOptions, 'certificateChain' | 'algorithm' | 'timestamp'> &
  EmbedOptions;

/**
 * Prepares, asks the signer for the signature value and embeds it in one call. The file is
 * hashed once and copied once.
 */
export async function sign(
  pdf: Uint8Array,
  signer: Signer,
  options: SignOptions = {},
): Promise<Uint8Array> {
  const prepared = prepare(pdf, {
    ...options,
    certificateChain: signer.certificateChain,
    algorithm: signer.algorithm,
    timestamp: options.fetchTimestamp !== undefined,
  });
  const signature = await signer.signHash(prepared.hash);
  const cms = await buildCms(prepared.state, signature, options);
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
  const prepared = prepareIncrement(pdf, {
    ...options,
    certificateChain: signer.certificateChain,
    algorithm: signer.algorithm,
    timestamp: options.fetchTimestamp !== undefined,
  });
  const signature = await signer.signHash(prepared.hash);
  const cms = await buildCms(prepared.state, signature, options);
  writeCms(prepared.pdf, prepared.state, cms, pdf.length);
  return prepared.pdf;
}
