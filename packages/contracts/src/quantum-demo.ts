import { z } from 'zod';
import type { Credential } from './credentials';

/**
 * The quantum-safe demo (D§2, D§3 quantum payload, D§5, D§7 `POST signatures/pmSign` under
 * `/rdss/v1/`): one uploaded PDF signed with an SLH-DSA (sphincs+) credential; the answer is a zip
 * of the signed PDF, the signer's certificate chain and a text on how to verify it.
 */

/** Which credential signs and how its use is authorised (D§3 quantum payload). */
export const pmSignCredentialOptionsSchema = z
  .object({
    credentialId: z.string().uuid(),
    /** The key password of an EXPLICIT credential. */
    PIN: z.string().min(1, 'Field is required').max(64).optional(),
    /** A request identifier for IMPLICIT (device) authorisation: the device shows it. */
    description: z.string().max(255).optional(),
  })
  .strict();

export const pmSignRequestSchema = z
  .object({
    /** The caller's own upload (POST documents). */
    origDocId: z.string().uuid(),
    credentialOptions: pmSignCredentialOptionsSchema,
  })
  .strict();
export type PmSignRequest = z.infer<typeof pmSignRequestSchema>;

/** The zip's entries (D§2 "a zip of the result"). */
export const quantumDemoZipEntries = {
  chain: 'certificate-chain.pem',
  readme: { EN: 'README.txt', HU: 'OLVASSEL.txt' },
} as const;

/** D§5: only credentials for asymmetric signing with the sphincs+ algorithm are offered. */
export function isQuantumSafeSigningCredential(
  credential: Pick<Credential, 'keyAlg' | 'keyPurpose'>,
): boolean {
  return credential.keyAlg === 'sphincs+' && credential.keyPurpose === 'ASYMMETRIC_SIGN';
}
