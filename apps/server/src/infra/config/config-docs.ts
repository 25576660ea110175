import { apiTimeoutMs, heartbeatIntervalMs, maxJsonBodyBytes } from '@signet/contracts/limits';
import type { envSchema } from './config';

type Variable = keyof typeof envSchema.shape;

/**
 * The README's configuration table: default and meaning of every variable. Typed by the schema's
 * keys, so a variable added to `config.ts` without a line here does not compile.
 */
export const configDocs: Record<Variable, { default: string; description: string }> = {
  PORT: { default: '8080', description: 'Port the server listens on.' },
  HOST: { default: '0.0.0.0', description: 'Address the server listens on.' },
  TLS_CERT_FILE: {
    default: '(none: plain HTTP)',
    description:
      'PEM file of the TLS certificate (its chain after it); with TLS_KEY_FILE Signet serves HTTPS itself, HTTP/2 with HTTP/1.1 fallback (ALPN).',
  },
  TLS_KEY_FILE: {
    default: '(none)',
    description: "PEM file of the certificate's private key; set together with TLS_CERT_FILE.",
  },
  PUBLIC_URL: {
    default: 'http://localhost:$PORT (https:// with TLS_CERT_FILE)',
    description: 'Origin browsers reach Signet at; issuer and redirect URIs derive from it.',
  },
  DATA_DIR: {
    default: './data',
    description: 'Folder of the embedded database (PGlite) and the key-encryption key file.',
  },
  DATABASE_URL: {
    default: '(embedded PGlite)',
    description: 'postgres:// URL of a PostgreSQL server to use instead of the embedded database.',
  },
  LOG_LEVEL: { default: 'info', description: 'pino log level (fatal … trace, silent).' },
  ADMIN_EMAIL: {
    default: 'admin@signet.local',
    description: 'E-mail of the first admin, created on first start with an empty database.',
  },
  ADMIN_PASSWORD: {
    default: '(generated, printed once)',
    description: 'Password of the first admin (embedded identity provider only).',
  },
  OIDC_ISSUER: {
    default: '(embedded, $PUBLIC_URL/oidc)',
    description: 'External OpenID Connect issuer; when set the embedded provider is off.',
  },
  OIDC_CLIENT_ID: { default: 'signet-web', description: 'Client id of the web app at the issuer.' },
  OIDC_AUDIENCE: {
    default: '(required with OIDC_ISSUER)',
    description:
      'Audience access tokens of an external issuer must carry; tokens for other clients are refused.',
  },
  RSSP_API_URL: {
    default: '$PUBLIC_URL/rssp',
    description: 'Base URL the browser calls the remote signing service at.',
  },
  RDSS_API_URL: {
    default: '$PUBLIC_URL/rdss',
    description: 'Base URL the browser calls the document signing service at.',
  },
  RSSP_PUBLIC_URL: {
    default: '(empty)',
    description: "Public pages of the remote signing service (admin menu's users rSSP, devices).",
  },
  RDSS_PUBLIC_URL: { default: '(empty)', description: 'Public pages of the document service.' },
  WEB_DIST_DIR: {
    default: 'apps/web/dist',
    description: 'Folder of the built web app the server serves.',
  },
  TRUST_PROXY: {
    default: '(none)',
    description:
      'Reverse proxies (comma-separated addresses or CIDRs) whose X-Forwarded-For/-Proto/-Host headers are believed; without it they are ignored.',
  },
  HTTP_REQUEST_TIMEOUT_SECONDS: {
    default: '120',
    description: 'Time a client has to send a whole request, an upload included.',
  },
  HTTP_HEADERS_TIMEOUT_SECONDS: {
    default: '30',
    description: 'Time a client has to send the request headers (slow clients are cut off).',
  },
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: {
    default: '65',
    description:
      "How long an idle keep-alive connection stays open; keep it above the reverse proxy's.",
  },
  API_CALLS_PER_SECOND: {
    default: '50',
    description:
      'API calls per second one user may make, in bursts of up to four times as many; more answer 429 with Retry-After.',
  },
  EVENT_STREAMS_PER_USER: {
    default: '10',
    description:
      'Event streams one user may hold open per service; one more answers 429 with Retry-After.',
  },
  SMTP_URL: {
    default: '(none)',
    description:
      'SMTP server for invitation and e-mail confirmation mail, e.g. smtp://user:pass@mail.example.org:587; without it each mail is printed on the console (not in the JSON log).',
  },
  MAIL_FROM: {
    default: 'Signet <signet@localhost>',
    description: 'Sender of the mail Signet sends.',
  },
  REGISTRATIONS_PER_ADDRESS: {
    default: '10',
    description:
      'Registrations the embedded identity provider accepts from one client address in 15 minutes.',
  },
  BODY_LIMIT_BYTES: {
    default: String(maxJsonBodyBytes),
    description: 'Largest JSON request body.',
  },
  HEARTBEAT_SECONDS: {
    default: String(heartbeatIntervalMs / 1000),
    description: 'Seconds between HEARTBEAT events on the event streams (1–15).',
  },
  DEV_MODE: {
    default: 'false',
    description: 'Development mode: theme selector, Vite dev-server redirect URIs.',
  },
  LOGOUT_TIME_SECONDS: { default: '300', description: 'Idle time before the web app logs out.' },
  LOGOUT_REMINDER_SECONDS: {
    default: '60',
    description: 'How long before the idle logout the "Are you still there?" reminder shows.',
  },
  NETWORK_TIMEOUT_MILLIS: {
    default: String(apiTimeoutMs),
    description: 'Timeout of the web app’s API calls.',
  },
  COOKIE_POLICY_URL: { default: '(empty)', description: 'Link in the cookie consent bar.' },
  HOTJAR_SITE_ID: {
    default: '(empty)',
    description: 'Heat-map site id; when set the cookie consent bar shows.',
  },
  ADMIN_ONLY_CREDENTIAL_MANAGEMENT: {
    default: 'false',
    description: 'Only admins create, update and delete credentials.',
  },
  KEY_ENCRYPTION_KEY: {
    default: '($DATA_DIR/kek.key, mode 0600)',
    description:
      'Key-encryption key of the signing keys and the identity provider’s secrets, base64 of 32 bytes. See docs/key-custody.md.',
  },
  KEY_ENCRYPTION_KEY_PREVIOUS: {
    default: '(none)',
    description: 'Retired key-encryption keys (comma-separated), to unwrap during rotation.',
  },
  KEY_PASSWORD_MAX_ATTEMPTS: {
    default: '5',
    description: 'Wrong key passwords in a row before a key is KEY_BLOCKED.',
  },
  PUK_MAX_ATTEMPTS: { default: '3', description: 'Wrong PUKs before a key is blocked for good.' },
  KDF_SCRYPT_LOG2_N: {
    default: '17',
    description: 'scrypt cost (log2 N) for key passwords and PUKs; below 17 only in tests.',
  },
  CA_MODE: {
    default: 'embedded',
    description: 'Certificate authority for CMP enrollment: embedded or external.',
  },
  CMP_SERVER_URL: {
    default: '(none)',
    description: "CA_MODE=external: the CA's CMP URL (HTTP POST, application/pkixcmp).",
  },
  CMP_REFERENCE: {
    default: '(none)',
    description: 'Reference (senderKID) of the shared secret for PBM-protected CMP.',
  },
  CMP_SECRET: { default: '(none)', description: 'Shared secret for PBM-protected CMP.' },
  CMP_CLIENT_CERT_FILE: {
    default: '(none)',
    description: 'PEM client certificate for signature-protected CMP (instead of a secret).',
  },
  CMP_CLIENT_KEY_FILE: {
    default: '(none)',
    description: 'PEM private key (RSA or EC) of CMP_CLIENT_CERT_FILE.',
  },
  CMP_RECIPIENT: {
    default: '(empty name)',
    description: "The CA's distinguished name, e.g. /O=Example/CN=Issuing CA.",
  },
  CMP_CA_CERT_FILE: {
    default: '(none)',
    description:
      'PEM certificate of the external CA: trusted for its responses, served at /ca/certificate.',
  },
  CMP_TIMEOUT_SECS: { default: '30', description: 'How long one CMP exchange may take.' },
  TSA_URL: {
    default: '',
    description:
      "External RFC 3161 time-stamping authority every signature's time-stamp (PAdES B-T) comes from; unset: Signet's own TSA (`POST /rssp/v1/tsa`), used in process.",
  },
  TSA_USERNAME: { default: '', description: 'HTTP basic user name for TSA_URL.' },
  TSA_PASSWORD: { default: '', description: 'HTTP basic password for TSA_URL.' },
  TSA_TIMEOUT_MS: {
    default: '10000',
    description:
      'How long a time-stamp may take; past it (or when the TSA fails) the signature fails with SERVICE_UNAVAILABLE and nothing is stored.',
  },
  TSA_OPTIONAL: {
    default: 'false',
    description:
      'When the TSA fails, sign without a time-stamp (B-B; the sign answer says `level: B-B` and the log warns) instead of failing.',
  },
  LTA_ENABLED: {
    default: 'true',
    description:
      "A chain's last signature also adds a document time-stamp over the whole document and its validation data (PAdES B-LTA).",
  },
  VALIDATION_FETCH_TIMEOUT_SECS: {
    default: '10',
    description:
      "How long one fetch of a certificate's OCSP response, CRL or issuer certificate (for a signature's validation data) may take, redirects included.",
  },
  VALIDATION_FETCH_MAX_BYTES: {
    default: '10485760',
    description: 'Largest OCSP response, CRL or certificate fetched for validation data.',
  },
  VALIDATION_FETCH_MAX_REQUESTS: {
    default: '16',
    description:
      "HTTP requests one signature's validation data may make (redirects count); what is left out is named as missing.",
  },
  VALIDATION_FETCH_ALLOW_PRIVATE: {
    default: 'false',
    description:
      'Let those fetches reach loopback and private addresses (an internal CA, tests); otherwise refused, redirects included.',
  },
  USER_GROUPS_ENABLED: { default: 'false', description: 'User groups feature.' },
  DEFAULT_USER_ROLES: {
    default: 'creator,signer',
    description: 'Roles a new user starts with (comma-separated), or none.',
  },
  SIGNING_TRAIL_ENABLED: {
    default: 'true',
    description:
      "Signing trail: each signature carries the chain's record (ATTACHED pages, or a DETACHED PDF signed alongside); new chains default to ATTACHED.",
  },
  CLERK_ENABLED: { default: 'true', description: 'Clerk signing feature.' },
  POOR_MAN_SIGN_ENABLED: { default: 'true', description: 'Quantum-safe demo in the user menu.' },
  USER_VERIFICATION_ENABLED: { default: 'false', description: 'User identity verification.' },
  AUTHORIZATION_TIMEOUT_SECS: {
    default: '120',
    description: 'How long a signature waits for approval on a device.',
  },
  CSC_CLIENTS_FILE: {
    default: '',
    description:
      'JSON file of CSC API clients (`[{clientId, name, redirectUris, clientSecret?}]`, docs/csc.md); admins may register more.',
  },
  CSC_DYNAMIC_REGISTRATION: {
    default: 'false',
    description:
      'Lets anyone register a CSC client at `/csc/v2/oauth2/register` (RFC 7591; at most 10 a minute from one client address; the consent page says the client was registered this way).',
  },
  CSC_SCAL: {
    default: '1',
    description:
      'SCAL of the CSC credentials: `2` makes credentials/authorize take only a `scope=credential` token bound to the hashes (docs/csc.md).',
  },
  CSC_TOKEN_TTL_SECS: {
    default: '3600',
    description: 'How long a CSC access token is good for.',
  },
  EXTERNAL_PROVIDERS_FILE: {
    default: '',
    description:
      'JSON file of external CSC providers users import credentials from (`[{id, name, apiBaseUrl, clientId, clientSecret?, …}]`, docs/csc.md).',
  },
  MAX_UPLOAD_DOCUMENT_BYTES: { default: '52428800', description: 'Largest PDF upload.' },
  TRUST_ANCHORS_FILE: {
    default: '',
    description:
      'DER or PEM certificates (a PEM file may hold several) that the validation page and API trust as roots besides the embedded CA.',
  },
  VALIDATIONS_PER_MINUTE: {
    default: '30',
    description:
      'Files one user may validate per minute on one instance (the validation page and API).',
  },
  MAX_SIGNATURE_PROFILE_IMAGE_BYTES: {
    default: '1048576',
    description: 'Largest signature profile image.',
  },
  INVITATION_MAILS_PER_DAY: {
    default: '200',
    description:
      'Invitation mails (new chains and resends) one user may cause per UTC day; more answer 429 with Retry-After.',
  },
  NOTICE_MAILS_PER_DAY: {
    default: '1000',
    description:
      "Chain notices (your turn, reminders, withdrawn) one user's own calls may cause per UTC day; past it they are not sent, the change stands.",
  },
  REMINDER_DAYS: {
    default: '0',
    description:
      'Remind the registered participants whose turn it is by mail every this many days without progress (0: off); once a day at most per participant.',
  },
  CALLBACK_SECRET: {
    default: '(none)',
    description:
      "Switches callbacks on: key (16 characters or more) of the `Signet-Signature` HMAC-SHA256 on callbacks to a chain's `externalCallbackUrl` when the chain's creator has no callback secret of their own (My profile, `POST rdss/v1/callbacks/secret`; decision 054); without it a chain with a callback URL is refused (VALIDATION_FAILED) and nothing is delivered.",
  },
  CALLBACK_ALLOW_PRIVATE: {
    default: 'false',
    description:
      'Allow callbacks to `http:` URLs and to private, loopback and link-local addresses (tests and closed networks only); otherwise only `https:` to public addresses.',
  },
  CALLBACK_TIMEOUT_MS: {
    default: '10000',
    description:
      'Time a callback receiver has to answer 2xx; a slower answer, another status or a redirect counts as a failed attempt.',
  },
  CALLBACK_RETRY_BASE_MS: {
    default: '30000',
    description:
      'Delay before the first retry of a failed callback; each next one doubles (with jitter, at most an hour) until 24 hours have passed, then the delivery is FAILED.',
  },
  CHAIN_PARTICIPANTS_MAX: {
    default: '100',
    description: 'Participants (signers and viewers) one chain may name, 1 to 100.',
  },
  STORAGE_BYTES_PER_USER: {
    default: '1073741824',
    description:
      'Bytes of documents and their signed revisions one user may store (0: no limit); an upload past it answers 413 STORAGE_QUOTA_EXCEEDED.',
  },
  ACCOUNT_MANAGEMENT_URL: {
    default: '(empty)',
    description: 'Manage-account link on My profile.',
  },
  SIC_ANDROID_LINK: {
    default: '(empty)',
    description: 'Android app link in the add-device dialog.',
  },
  SIC_IPHONE_LINK: { default: '(empty)', description: 'iPhone app link in the add-device dialog.' },
  PDF_INFLATE_FACTOR: {
    default: '16',
    description:
      "A PDF's compressed streams may inflate to this many times its size together (plus PDF_INFLATE_ALLOWANCE_MB); past it the upload is refused as too complex.",
  },
  PDF_INFLATE_ALLOWANCE_MB: {
    default: '64',
    description: "MiB a PDF's streams may inflate to on top of PDF_INFLATE_FACTOR times its size.",
  },
  PDF_JOB_TIMEOUT_SECONDS: {
    default: '30',
    description: 'How long parsing an upload or preparing a signature may run on the PDF threads.',
  },
  PDF_TRAIL_WARM_UPS: {
    default: '40',
    description:
      "Sample signing trails a signing thread renders as the server starts, so that the first signatures' trails are laid out by compiled code; 0 starts the signing threads with their first job.",
  },
  THUMBNAIL_TIMEOUT_SECONDS: {
    default: '5',
    description:
      'How long page 1 may render; a document past it (or that fails) shows a placeholder from then on.',
  },
  THUMBNAIL_QUEUE_PER_USER: {
    default: '3',
    description: 'Thumbnails one user may have waiting or rendering at once.',
  },
  THUMBNAIL_QUEUE_SIZE: {
    default: '32',
    description: 'Thumbnails waiting or rendering in all; past it 503 with Retry-After.',
  },
  THEME: {
    default: '(none)',
    description:
      'JSON colour set {primary, secondary, background, paper, mode} offered as a theme.',
  },
};

/** The Markdown table for the README. */
export function renderConfigTable(): string {
  const rows = Object.entries(configDocs).map(
    ([name, doc]) => `| \`${name}\` | ${doc.default} | ${doc.description} |`,
  );
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}
