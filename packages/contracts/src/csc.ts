import { z } from 'zod';

/** Redirect URIs: absolute http(s) URLs without a fragment (RFC 6749 §3.1.2). */
export const redirectUriSchema = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hash === '';
    } catch {
      return false;
    }
  }, 'An absolute http(s) URL without a fragment');

/** An admin registers a CSC client (an OAuth client of the CSC API, docs/csc.md). */
export const createCscClientSchema = z.object({
  name: z.string().trim().min(1).max(200),
  redirectUris: z.array(redirectUriSchema).min(1).max(20),
  /** Confidential clients authenticate with a secret at the token endpoint; public ones use PKCE alone. */
  confidential: z.boolean(),
});
export type CreateCscClient = z.infer<typeof createCscClientSchema>;

export const cscClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  confidential: z.boolean(),
  /** From CSC_CLIENTS_FILE: not editable here. */
  fromFile: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CscClient = z.infer<typeof cscClientSchema>;

export const cscClientListSchema = z.object({ clients: z.array(cscClientSchema) });

/** The answer to a registration: the secret is shown this once (stored only hashed). */
export const createdCscClientSchema = z.object({
  client: cscClientSchema,
  clientSecret: z.string().nullable(),
});

export const cscClientParamsSchema = z.object({ clientId: z.string().min(1).max(100) });

/** A pending oauth2/authorize request as the consent page shows it. */
export const cscConsentRequestSchema = z.object({
  id: z.string().uuid(),
  /** The client's own name for itself: the page shows it as the client's, never as Signet's words. */
  clientName: z.string(),
  /**
   * Who registered the client: this Signet's administrator (the CSC clients screen or
   * CSC_CLIENTS_FILE), or anyone, dynamically (RFC 7591, CSC_DYNAMIC_REGISTRATION).
   */
  clientRegistration: z.enum(['administrator', 'dynamic']),
  redirectOrigin: z.string(),
  scope: z.enum(['service', 'credential']),
  credential: z.object({ id: z.string(), description: z.string() }).nullable(),
  numSignatures: z.number().int().nullable(),
});
export type CscConsentRequest = z.infer<typeof cscConsentRequestSchema>;

export const cscConsentParamsSchema = z.object({ requestId: z.string().uuid() });
export const cscConsentDecisionSchema = z.object({
  allow: z.boolean(),
  /** prompt=none: allow only when the user granted this client before (consent_required else). */
  silent: z.boolean().optional(),
});
/** Where the browser goes next: the client's registered redirect URI with the code or the error. */
export const cscConsentResultSchema = z.object({ redirectTo: z.string() });
