import { z } from 'zod';

/** Request bodies of the CSC API (v2.0 names; v1 in csc-routes-v1.ts). Unknown fields are dropped. */
const hashList = z.array(z.string().min(1).max(2_000)).min(1).max(100);
const id = z.string().min(1).max(100);
const certificates = z.enum(['none', 'single', 'chain']).optional();

export const infoBodySchema = z.object({ lang: z.string().max(20).optional() }).optional();

export const listBodySchema = z
  .object({
    userID: z.string().max(200).optional(),
    credentialInfo: z.boolean().optional(),
    certificates,
    certInfo: z.boolean().optional(),
    authInfo: z.boolean().optional(),
    onlyValid: z.boolean().optional(),
    lang: z.string().max(20).optional(),
    clientData: z.string().max(2_000).optional(),
  })
  .optional();

export const infoRequestSchema = z.object({
  credentialID: id,
  certificates,
  certInfo: z.boolean().optional(),
  authInfo: z.boolean().optional(),
  lang: z.string().max(20).optional(),
  clientData: z.string().max(2_000).optional(),
});

export const authorizeBodySchema = z.object({
  credentialID: id,
  numSignatures: z.number().int().min(1).max(100),
  hashes: hashList,
  hashAlgorithmOID: z.string().max(100).optional(),
  authData: z
    .array(z.object({ id: z.string().max(100), value: z.string().max(1_000) }))
    .max(10)
    .optional(),
  description: z.string().max(500).optional(),
  clientData: z.string().max(2_000).optional(),
});

export const signHashBodySchema = z.object({
  credentialID: id,
  SAD: z.string().min(1).max(200),
  hashes: hashList,
  hashAlgorithmOID: z.string().max(100).optional(),
  signAlgo: z.string().min(1).max(100),
  signAlgoParams: z.string().max(1_000).optional(),
  operationMode: z.enum(['S']).optional(),
  clientData: z.string().max(2_000).optional(),
});

export const authorizeQuerySchema = z.object({
  response_type: z.string().max(20).optional(),
  client_id: z.string().max(100).optional(),
  redirect_uri: z.string().max(2_000).optional(),
  scope: z.string().max(100).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
  state: z.string().max(1_000).optional(),
  credentialID: z.string().max(100).optional(),
  numSignatures: z.string().max(10).optional(),
  hashes: z.string().max(20_000).optional(),
  hash: z.string().max(20_000).optional(),
  hashAlgorithmOID: z.string().max(100).optional(),
  lang: z.string().max(20).optional(),
  /** OpenID Connect's prompt: `none` answers without showing a page (decision 043). */
  prompt: z.string().max(50).optional(),
  description: z.string().max(500).optional(),
  account_token: z.string().max(2_000).optional(),
  clientData: z.string().max(2_000).optional(),
});

/** The consent page's prompt=none answer when nobody is signed in (Signet's own call). */
export const loginRequiredBodySchema = z.object({ requestId: z.string().uuid() }).strict();

export const tokenBodySchema = z.object({
  grant_type: z.string().max(50).optional(),
  code: z.string().max(200).optional(),
  code_verifier: z.string().max(200).optional(),
  redirect_uri: z.string().max(2_000).optional(),
  client_id: z.string().max(100).optional(),
  client_secret: z.string().max(200).optional(),
});

export const revokeBodySchema = z.object({
  token: z.string().max(200).optional(),
  token_type_hint: z.string().max(50).optional(),
  client_id: z.string().max(100).optional(),
  client_secret: z.string().max(200).optional(),
});
