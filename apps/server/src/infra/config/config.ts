import { resolve } from 'node:path';
import { z } from 'zod';
import {
  apiTimeoutMs,
  heartbeatIntervalMs,
  maxChainParticipants,
  maxJsonBodyBytes,
} from '@signet/contracts/limits';
import { themeSchema } from '@signet/contracts/server';
import { assignableRoleSchema } from '@signet/contracts/users';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = z.string().url();

/**
 * Every environment variable Signet reads, with its default. The README's configuration table is
 * written from this list; keep them in step.
 */
export const envSchema = z.object({
  PORT: int(1, 65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** PEM certificate (chain) and its private key: Signet serves HTTPS itself, HTTP/2 with HTTP/1.1 fallback. */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.string().email().default('admin@signet.local'),
  ADMIN_PASSWORD: z.string().min(10).optional(),
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('signet-web'),
  OIDC_AUDIENCE: z.string().optional(),
  /** Base URLs the browser calls the rSSP and rDSS at; default the app's own origin. */
  RSSP_API_URL: url.optional(),
  RDSS_API_URL: url.optional(),
  /** Public pages of the signing services the admin menu links to (users rSSP, devices); '' hides. */
  RSSP_PUBLIC_URL: z.string().default(''),
  RDSS_PUBLIC_URL: z.string().default(''),
  WEB_DIST_DIR: z.string().optional(),
  /** Proxies whose X-Forwarded-* headers are believed (comma-separated addresses or CIDRs); '' trusts none. */
  TRUST_PROXY: z.string().default(''),
  /** SMTP server for invitation and confirmation mail (smtp:// or smtps://); without it the links are printed on the console. */
  SMTP_URL: url.optional(),
  MAIL_FROM: z.string().min(3).default('Signet <signet@localhost>'),
  /** Registrations the embedded provider takes from one client address in 15 minutes. */
  REGISTRATIONS_PER_ADDRESS: int(1, 1_000_000).default(10),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(maxJsonBodyBytes),
  /** Time a client has to send a whole request (an upload included). */
  HTTP_REQUEST_TIMEOUT_SECONDS: int(5, 3_600).default(120),
  /** Time a client has to send the request headers. */
  HTTP_HEADERS_TIMEOUT_SECONDS: int(1, 600).default(30),
  /** How long an idle keep-alive connection stays open (above a proxy's own, often 60 s). */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: int(1, 600).default(65),
  /** API calls per second one user may make (bursts up to four times as many). */
  API_CALLS_PER_SECOND: int(1, 100_000).default(50),
  /** Event streams one user may hold open per service. */
  EVENT_STREAMS_PER_USER: int(1, 1_000).default(10),
  HEARTBEAT_SECONDS: int(1, heartbeatIntervalMs / 1000).default(heartbeatIntervalMs / 1000),
  DEV_MODE: bool.default(false),
  LOGOUT_TIME_SECONDS: int(30, 86_400).default(300),
  LOGOUT_REMINDER_SECONDS: int(0, 3_600).default(60),
  NETWORK_TIMEOUT_MILLIS: int(1_000, 600_000).default(apiTimeoutMs),
  COOKIE_POLICY_URL: z.string().default(''),
  HOTJAR_SITE_ID: z.string().default(''),
  ADMIN_ONLY_CREDENTIAL_MANAGEMENT: bool.default(false),
  /** Key-encryption key of the signing keys and the identity provider's secrets: base64 of 32 bytes; without it `DATA_DIR/kek.key` (mode 0600). */
  KEY_ENCRYPTION_KEY: z.string().optional(),
  /** Retired key-encryption keys (comma-separated base64), kept only to unwrap during rotation. */
  KEY_ENCRYPTION_KEY_PREVIOUS: z.string().optional(),
  /** Wrong key passwords in a row before a credential is KEY_BLOCKED. */
  KEY_PASSWORD_MAX_ATTEMPTS: int(1, 100).default(5),
  /** Wrong PUKs before a credential is blocked for good. */
  PUK_MAX_ATTEMPTS: int(1, 100).default(3),
  /** scrypt cost log2(N) for key passwords and PUKs; below 17 only under NODE_ENV=test. */
  KDF_SCRYPT_LOG2_N: int(14, 22).default(17),
  /** Certificate authority for CMP enrollment: the embedded one, or an external one. */
  CA_MODE: z.enum(['embedded', 'external']).default('embedded'),
  /** CA_MODE=external: the CA's CMP endpoint (HTTP POST of application/pkixcmp). */
  CMP_SERVER_URL: url.optional(),
  /** Shared-secret (PBM) protection: the reference the CA knows the secret by, and the secret. */
  CMP_REFERENCE: z.string().min(1).optional(),
  CMP_SECRET: z.string().min(1).optional(),
  /** Signature protection: the client certificate and its private key (PEM files). */
  CMP_CLIENT_CERT_FILE: z.string().min(1).optional(),
  CMP_CLIENT_KEY_FILE: z.string().min(1).optional(),
  /** The CA's name (e.g. `/CN=Issuing CA`), the recipient of the requests. */
  CMP_RECIPIENT: z.string().min(1).optional(),
  /** The CA's certificate (PEM): checks signature-protected responses, served as /ca/certificate. */
  CMP_CA_CERT_FILE: z.string().min(1).optional(),
  CMP_TIMEOUT_SECS: z.coerce.number().int().min(1).max(300).default(30),
  /** External RFC 3161 time-stamping authority; without it the embedded TSA stamps in process. */
  TSA_URL: url.optional(),
  TSA_USERNAME: z.string().min(1).optional(),
  TSA_PASSWORD: z.string().optional(),
  TSA_TIMEOUT_MS: int(100, 120_000).default(10_000),
  TSA_OPTIONAL: bool.default(false),
  /** A document time-stamp on a chain's last signature (PAdES B-LTA). */
  LTA_ENABLED: bool.default(true),
  /** Fetching OCSP responses, CRLs and issuer certificates for a signature's validation data: time per fetch (redirects included). */
  VALIDATION_FETCH_TIMEOUT_SECS: int(1, 120).default(10),
  /** Largest OCSP response, CRL or certificate fetched. */
  VALIDATION_FETCH_MAX_BYTES: int(1024, 100 * 1024 * 1024).default(10 * 1024 * 1024),
  /** HTTP requests one signature's validation data may make (redirects count). */
  VALIDATION_FETCH_MAX_REQUESTS: int(0, 100).default(16),
  /** Let those fetches reach loopback and private addresses (an internal CA's responder, tests). */
  VALIDATION_FETCH_ALLOW_PRIVATE: bool.default(false),
  USER_GROUPS_ENABLED: bool.default(false),
  /** Roles a new user starts with: comma-separated assignable roles, or `none`. */
  DEFAULT_USER_ROLES: z
    .string()
    .default('creator,signer')
    .transform((raw, ctx) => {
      const names = raw === 'none' ? [] : raw.split(',').map((r) => r.trim());
      const parsed = z.array(assignableRoleSchema).safeParse(names);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: 'must list roles of creator,signer,admin,approver',
        });
        return z.NEVER;
      }
      return [...new Set(parsed.data)];
    }),
  SIGNING_TRAIL_ENABLED: bool.default(true),
  CLERK_ENABLED: bool.default(true),
  POOR_MAN_SIGN_ENABLED: bool.default(true),
  USER_VERIFICATION_ENABLED: bool.default(false),
  AUTHORIZATION_TIMEOUT_SECS: int(10, 3_600).default(120),
  /** A JSON file of CSC API clients (docs/csc.md), besides those an admin registers. */
  CSC_CLIENTS_FILE: z.string().default(''),
  /** RFC 7591 dynamic registration of CSC clients at /csc/v2/oauth2/register. */
  CSC_DYNAMIC_REGISTRATION: bool.default(false),
  /**
   * The SCAL of Signet's CSC credentials (decision 043): 1 lets a `service` token authorise
   * hashes (the SAD is bound to them anyway); 2 asks for the SCAL2 OAuth round, a token of scope
   * `credential` bound to exactly the hashes, before credentials/authorize.
   */
  CSC_SCAL: z.enum(['1', '2']).default('1'),
  /** Seconds a CSC access token is good for. */
  CSC_TOKEN_TTL_SECS: int(60, 86_400).default(3_600),
  /** A JSON file of external CSC providers whose credentials users import (docs/csc.md). */
  EXTERNAL_PROVIDERS_FILE: z.string().default(''),
  MAX_UPLOAD_DOCUMENT_BYTES: int(1024, 1024 * 1024 * 1024).default(50 * 1024 * 1024),
  /**
   * DER or PEM certificates the validator trusts as roots besides the embedded CA's (a PEM file
   * may hold several; decision 039).
   */
  TRUST_ANCHORS_FILE: z.string().default(''),
  /** Files one user may have validated per minute on an instance (`POST rdss/v1/validations`). */
  VALIDATIONS_PER_MINUTE: int(1, 10_000).default(30),
  MAX_SIGNATURE_PROFILE_IMAGE_BYTES: int(1024, 50 * 1024 * 1024).default(1024 * 1024),
  /** Invitation mails (new chains and resends) one user may cause per UTC day. */
  INVITATION_MAILS_PER_DAY: int(1, 1_000_000).default(200),
  /** Chain notices one user's own calls may cause per UTC day (new chains, reminders, withdrawals). */
  NOTICE_MAILS_PER_DAY: int(1, 1_000_000).default(1000),
  /** Days after which the participants whose turn it is are reminded automatically; 0: never. */
  REMINDER_DAYS: int(0, 365).default(0),
  /** Key of the callbacks' HMAC-SHA256 signatures (at least 16 characters); without it a chain with an externalCallbackUrl is refused. */
  CALLBACK_SECRET: z.string().min(16).optional(),
  /** Callbacks to http: URLs and private or loopback addresses (tests and closed networks only). */
  CALLBACK_ALLOW_PRIVATE: bool.default(false),
  /** How long a callback's receiver has to answer (2xx) before the attempt counts as failed. */
  CALLBACK_TIMEOUT_MS: int(100, 60_000).default(10_000),
  /** First retry delay of a failed callback; each next one doubles (with jitter, at most an hour) for 24 hours. */
  CALLBACK_RETRY_BASE_MS: int(10, 3_600_000).default(30_000),
  /** Participants (signers and viewers) one chain may name; at most the contract's 100. */
  CHAIN_PARTICIPANTS_MAX: int(1, maxChainParticipants).default(maxChainParticipants),
  /** Bytes of documents (with their signed revisions) one user may store; 0: no limit. */
  STORAGE_BYTES_PER_USER: int(0, Number.MAX_SAFE_INTEGER).default(1024 * 1024 * 1024),
  ACCOUNT_MANAGEMENT_URL: z.string().default(''),
  SIC_ANDROID_LINK: z.string().default(''),
  SIC_IPHONE_LINK: z.string().default(''),
  /** A PDF's compressed streams may inflate to this many times its size together (plus the allowance below); past it the file is refused as too complex. */
  PDF_INFLATE_FACTOR: int(1, 1_000).default(16),
  /** MiB a PDF's streams may inflate to on top of PDF_INFLATE_FACTOR times its size. */
  PDF_INFLATE_ALLOWANCE_MB: int(1, 4_096).default(64),
  /** How long parsing an upload or preparing a signature may run on the PDF threads. */
  PDF_JOB_TIMEOUT_SECONDS: int(1, 600).default(30),
  /** Sample signing trails a signing thread renders as the server starts, to compile the trail's code (decision 050); 0: none. */
  PDF_TRAIL_WARM_UPS: int(0, 1_000).default(40),
  /** How long page 1 may render; a document past it (or that fails) shows a placeholder from then on. */
  THUMBNAIL_TIMEOUT_SECONDS: int(1, 120).default(5),
  /** Thumbnails one user may have waiting or rendering at once. */
  THUMBNAIL_QUEUE_PER_USER: int(1, 100).default(3),
  /** Thumbnails waiting or rendering in all; past it 503 with Retry-After. */
  THUMBNAIL_QUEUE_SIZE: int(1, 10_000).default(32),
  THEME: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return null;
      const parsed = themeSchema.safeParse(safeJson(raw));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON theme {primary,secondary,...}' });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  /** Absolute data folder. */
  dataDir: string;
  /** Origin the browser reaches Signet at, without a trailing slash. */
  publicUrl: string;
  /** Issuer the server trusts for bearer tokens. */
  oidcIssuer: string;
  /** True when the embedded identity provider runs under /oidc. */
  embeddedIdp: boolean;
  /** Addresses or CIDRs of the proxies named in TRUST_PROXY; empty: forwarded headers ignored. */
  trustedProxies: string[];
};

export class ConfigError extends Error {}

/** Reads and validates the configuration once; a bad value names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.OIDC_ISSUER && !e.OIDC_AUDIENCE) {
    // Without it a token the same issuer minted for any other client would be accepted here.
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_AUDIENCE: required with OIDC_ISSUER (the audience of access tokens for Signet)',
    );
  }
  if ((e.TLS_CERT_FILE === undefined) !== (e.TLS_KEY_FILE === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  TLS_CERT_FILE, TLS_KEY_FILE: set both (the certificate and its key) or neither',
    );
  }
  const scheme = e.TLS_CERT_FILE ? 'https' : 'http';
  const publicUrl = (e.PUBLIC_URL ?? `${scheme}://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    dataDir: resolve(e.DATA_DIR),
    publicUrl,
    oidcIssuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
    embeddedIdp: e.OIDC_ISSUER === undefined,
    trustedProxies: e.TRUST_PROXY.split(',')
      .map((p) => p.trim())
      .filter((p) => p !== ''),
  };
}
