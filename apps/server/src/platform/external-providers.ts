import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Config } from '#infra/config';

/**
 * External CSC providers (EXTERNAL_PROVIDERS_FILE, read once at start; a bad file stops the
 * start). Users import credentials from them and sign with those (P§2, P§7, D§4). The OAuth
 * endpoints are the provider's own when the file names them, else its OpenID issuer's (read
 * from its discovery document), else the CSC API's `oauth2/*` under `apiBaseUrl`.
 */
const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'An http(s) URL')
  .transform((v) => v.replace(/\/$/, ''));

const providerSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9._-]+$/),
    name: z.string().min(1).max(200),
    /** The CSC API's base, e.g. `https://provider.example/csc/v2`. */
    apiBaseUrl: httpUrl,
    oidcIssuer: httpUrl.optional(),
    authorizationEndpoint: httpUrl.optional(),
    tokenEndpoint: httpUrl.optional(),
    revocationEndpoint: httpUrl.optional(),
    clientId: z.string().min(1).max(200),
    clientSecret: z.string().min(1).max(500).optional(),
    scope: z.string().min(1).max(200).default('service'),
    /**
     * OpenID Connect's prompt for the login popup (P§3 oidc.prompt), e.g. `login`. Unset: the
     * popup tries `prompt=none` first and shows the provider's page only when it must.
     */
    prompt: z.string().min(1).max(50).optional(),
    authorizationTimeoutSecs: z.number().int().min(10).max(3_600).default(120),
  })
  .strict();
export type ExternalProviderConfig = z.infer<typeof providerSchema>;

const fileSchema = z
  .array(providerSchema)
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'Each provider id once');

export function loadExternalProviders(
  config: Pick<Config, 'EXTERNAL_PROVIDERS_FILE'>,
): ExternalProviderConfig[] {
  if (!config.EXTERNAL_PROVIDERS_FILE) return [];
  const text = readFileSync(config.EXTERNAL_PROVIDERS_FILE, 'utf8');
  const parsed = fileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`EXTERNAL_PROVIDERS_FILE: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * A provider with its own authorization and token endpoints: the web app reaches it through
 * Signet's extproviders proxy (P§7, provider-proxy.ts).
 */
export const hasOwnEndpoints = (p: ExternalProviderConfig): boolean =>
  Boolean(p.authorizationEndpoint && p.tokenEndpoint);

export interface ProviderEndpoints {
  authorization: string;
  token: string;
  revocation: string | null;
}

const discoverySchema = z.object({
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  revocation_endpoint: z.string().url().optional(),
});

/** The provider's OAuth endpoints (its issuer's discovery document read once, then kept). */
export function endpointsResolver(): (p: ExternalProviderConfig) => Promise<ProviderEndpoints> {
  const discovered = new Map<string, ProviderEndpoints>();
  return async (p) => {
    if (p.authorizationEndpoint && p.tokenEndpoint) {
      return {
        authorization: p.authorizationEndpoint,
        token: p.tokenEndpoint,
        revocation: p.revocationEndpoint ?? null,
      };
    }
    if (!p.oidcIssuer) {
      return {
        authorization: `${p.apiBaseUrl}/oauth2/authorize`,
        token: `${p.apiBaseUrl}/oauth2/token`,
        revocation: `${p.apiBaseUrl}/oauth2/revoke`,
      };
    }
    const known = discovered.get(p.id);
    if (known) return known;
    const response = await fetch(`${p.oidcIssuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    const doc = discoverySchema.parse(await response.json());
    const endpoints = {
      authorization: doc.authorization_endpoint,
      token: doc.token_endpoint,
      revocation: doc.revocation_endpoint ?? null,
    };
    discovered.set(p.id, endpoints);
    return endpoints;
  };
}
