import { z } from 'zod';
import { pageQueryShape, pageSchema } from './paging';

/**
 * Credentials of the remote signing service (spec platform §2 Credentials list, create/update
 * dialog, Certificates screen; §3 Credential, Distinguished name, Certificate, enumerations; §4
 * activation; §5 validation; §7 calls under `/rssp/v1/`). The same schemas validate the web forms
 * and the server's requests.
 */

// ---------------------------------------------------------------------------------------------
// Messages (§5). The web app maps these texts to its translations.

export const credentialMessages = {
  required: 'Field is required',
  descriptionSize: 'Size must be between 4 and 255 characters',
  commonNameSize: 'Size must be between 1 and 64 characters',
  countrySize: 'Size must be between 2 and 2 characters',
  fieldSize: 'Size must be between 1 and 255 characters',
  invalidOid: 'This is not a valid OID',
  invalidEmail: 'Invalid email format',
  minSixCharacters: 'Must be at least 6 characters',
  maxSecretLength: 'Field must be less than 64 characters',
  onlyDigits: 'Only digits are allowed',
  pukLength: 'The PUK must be 12 digits',
  confirmationMismatch: 'The values do not match',
  rsaKeySizeRequired: 'Choose a key size',
  ecCurveRequired: 'Choose a curve',
  sphincsParameterSetRequired: 'Choose a parameter set',
  preauthUntilPast: 'Must be in the future',
  purposeNotForAlgorithm: 'This algorithm cannot serve this key purpose',
  notOwnEmail: "The e-mail address must be the owner's own",
  unconfirmedEmail: 'Confirm your e-mail address first: until then a certificate names no address',
} as const;
const m = credentialMessages;

// ---------------------------------------------------------------------------------------------
// Enumerations (§3).

/** Key algorithms as they appear in lists (lowercase); `aes` only for symmetric keys. */
export const keyAlgs = ['rsa', 'ec', 'sphincs+', 'aes'] as const;
export const keyAlgSchema = z.enum(keyAlgs);
export type KeyAlg = z.infer<typeof keyAlgSchema>;
/** Algorithms the create dialog offers. */
export const creatableKeyAlgs = ['rsa', 'ec', 'sphincs+'] as const;
export const creatableKeyAlgSchema = z.enum(creatableKeyAlgs, { error: m.required });

export const rsaKeySizes = [2048, 3072, 4096] as const;
export const rsaKeySizeSchema = z.union([z.literal(2048), z.literal(3072), z.literal(4096)], {
  error: m.rsaKeySizeRequired,
});
export type RsaKeySize = z.infer<typeof rsaKeySizeSchema>;

/**
 * Named EC curves a credential may carry. The server offers only those it can generate and sign
 * with (`GET credentials/algorithms`); the dialog shows that list, not this one.
 */
export const ecCurveNames = [
  'prime256v1',
  'secp256r1',
  'secp384r1',
  'secp521r1',
  'secp256k1',
  'brainpoolP256r1',
  'brainpoolP384r1',
  'brainpoolP512r1',
] as const;
export const ecCurveNameSchema = z.enum(ecCurveNames, { error: m.ecCurveRequired });
export type EcCurveName = z.infer<typeof ecCurveNameSchema>;

/** SLH-DSA (SPHINCS+) parameter sets; carried in `ecCurveName` like the spec's curve list. */
export const sphincsParameterSets = ['sphincs-sha2-128f'] as const;
export const sphincsParameterSetSchema = z.enum(sphincsParameterSets, {
  error: m.sphincsParameterSetRequired,
});
export type SphincsParameterSet = z.infer<typeof sphincsParameterSetSchema>;

/** What `ecCurveName` holds: an EC curve for `ec`, a parameter set for `sphincs+`. */
export const curveNameSchema = z.union([ecCurveNameSchema, sphincsParameterSetSchema]);
export type CurveName = z.infer<typeof curveNameSchema>;

export const keyPurposes = [
  'ASYMMETRIC_SIGN',
  'ASYMMETRIC_DECRYPT',
  'AUTHENTICATE',
  'SYMMETRIC_ENCRYPT',
] as const;
export const keyPurposeSchema = z.enum(keyPurposes);
export type KeyPurpose = z.infer<typeof keyPurposeSchema>;
/** SYMMETRIC_ENCRYPT is listed but not offered on create. */
export const creatableKeyPurposes = [
  'ASYMMETRIC_SIGN',
  'ASYMMETRIC_DECRYPT',
  'AUTHENTICATE',
] as const;
export const creatableKeyPurposeSchema = z.enum(creatableKeyPurposes, { error: m.required });
export type CreatableKeyPurpose = z.infer<typeof creatableKeyPurposeSchema>;

/**
 * The purposes each algorithm can serve: RSA signs and decrypts; EC (ECDSA) and SLH-DSA only
 * sign, so a "decrypt" key of theirs would be a key that cannot do its job.
 */
export const keyPurposesByKeyAlg = {
  rsa: ['ASYMMETRIC_SIGN', 'ASYMMETRIC_DECRYPT', 'AUTHENTICATE'],
  ec: ['ASYMMETRIC_SIGN', 'AUTHENTICATE'],
  'sphincs+': ['ASYMMETRIC_SIGN', 'AUTHENTICATE'],
} as const satisfies Record<(typeof creatableKeyAlgs)[number], readonly CreatableKeyPurpose[]>;

export function canServe(keyAlg: (typeof creatableKeyAlgs)[number], purpose: string): boolean {
  return (keyPurposesByKeyAlg[keyAlg] as readonly string[]).includes(purpose);
}

export const authModes = ['EXPLICIT', 'IMPLICIT', 'IMPORTED', 'OAUTH2CODE'] as const;
export const authModeSchema = z.enum(authModes);
export type AuthMode = z.infer<typeof authModeSchema>;
/** IMPORTED (and OAUTH2CODE, provider credentials) are not selectable on create. */
export const creatableAuthModes = ['EXPLICIT', 'IMPLICIT'] as const;
export const creatableAuthModeSchema = z.enum(creatableAuthModes, { error: m.required });

export const enrollmentModes = ['MANUAL', 'CMP'] as const;
export const enrollmentModeSchema = z.enum(enrollmentModes, { error: m.required });
export type EnrollmentMode = z.infer<typeof enrollmentModeSchema>;

export const credentialStatuses = ['CREATED', 'ACTIVATED'] as const;
export const credentialStatusSchema = z.enum(credentialStatuses);
export type CredentialStatus = z.infer<typeof credentialStatusSchema>;

/** Defaults of the create dialog (§3). */
export const credentialDefaults = {
  keyPurpose: 'ASYMMETRIC_SIGN',
  authMode: 'IMPLICIT',
  certificateEnrollmentMode: 'MANUAL',
} as const;

// ---------------------------------------------------------------------------------------------
// Field schemas (§5).

export const descriptionSchema = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .min(4, m.descriptionSize)
  .max(255, m.descriptionSize);

/** Dotted numeric, first arc 0, 1 or 2, no leading zeros in later arcs. */
export const oidPattern = /^[0-2](\.(0|[1-9][0-9]*))+$/;
export const oidSchema = z.string({ error: m.required }).trim().regex(oidPattern, m.invalidOid);

/** Same pattern the UI uses for the certificate e-mail. */
export const certificateEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An optional distinguished-name field: empty means absent. */
const optionalDnField = z.string().trim().max(255, m.fieldSize).optional();

export const customDnFieldSchema = z.object({
  oid: oidSchema,
  value: z.string({ error: m.required }).trim().min(1, m.required).max(255, m.fieldSize),
});
export type CustomDnField = z.infer<typeof customDnFieldSchema>;

/** Distinguished name (§3): common name required, the rest optional; empty strings are absent. */
export const distinguishedNameSchema = z.object({
  commonName: z.string({ error: m.required }).trim().min(1, m.required).max(64, m.commonNameSize),
  surname: optionalDnField,
  givenName: optionalDnField,
  organization: optionalDnField,
  organizationalUnit: optionalDnField,
  /** ISO 3166 two-letter code from the country list. */
  countryName: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z]{2}$/.test(v), m.countrySize)
    .optional(),
  localityName: optionalDnField,
  emailAddress: z
    .string()
    .trim()
    .max(255, m.fieldSize)
    .refine((v) => v === '' || certificateEmailPattern.test(v), m.invalidEmail)
    .optional(),
  serialNumber: optionalDnField,
  title: optionalDnField,
  stateOrProvinceName: optionalDnField,
  customFields: z.array(customDnFieldSchema).max(20).default([]),
});
export type DistinguishedName = z.infer<typeof distinguishedNameSchema>;
export type DistinguishedNameInput = z.input<typeof distinguishedNameSchema>;

/** Key password: required, at least 6 characters, digits only (§5). */
export const keyPasswordSchema = z
  .string({ error: m.required })
  .min(1, m.required)
  .min(6, m.minSixCharacters)
  .max(64, m.maxSecretLength)
  .regex(/^[0-9]+$/, m.onlyDigits);

/** A new PUK: exactly 12 digits, generated by the client and shown once as 4-4-4. */
export const pukSchema = z
  .string({ error: m.required })
  .min(1, m.required)
  .regex(/^[0-9]+$/, m.onlyDigits)
  .length(12, m.pukLength);

/** An old key password or PUK typed by the user: required only (§5). */
export const currentSecretSchema = z
  .string({ error: m.required })
  .min(1, m.required)
  .max(64, m.maxSecretLength);

/** Preauthorisation: one authorisation covers this many signatures... */
export const preauthQuantitySchema = z.number().int().min(1).max(10_000).nullable();
/** ...until this instant (ISO 8601). */
export const preauthUntilSchema = z.iso.datetime({ offset: true }).nullable();

// ---------------------------------------------------------------------------------------------
// Views.

/** A certificate as the certificates screen and the list rows show it (§3). */
export const certificateSchema = z.object({
  /** Subject common name (or the whole subject when it has none). */
  issuedTo: z.string(),
  /** Issuer common name (or the whole issuer). */
  issuedBy: z.string(),
  /** Full subject and issuer distinguished names, RFC 2253 style. */
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** Serial number, upper-case hex. */
  serialNum: z.string(),
  pem: z.string(),
  /** Whole days until validTo (negative when expired). */
  daysLeft: z.number().int(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** Owner of a credential, as captured when it was created. */
export const credentialUserSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
});
export type CredentialUser = z.infer<typeof credentialUserSchema>;

export const credentialSchema = z.object({
  id: z.string().uuid(),
  description: z.string(),
  keyPurpose: keyPurposeSchema,
  keyAlg: keyAlgSchema,
  /** For rsa; null otherwise. */
  rsaKeySize: z.number().int().nullable(),
  /** Curve for ec, parameter set for sphincs+; null for rsa. */
  ecCurveName: z.string().nullable(),
  authMode: authModeSchema,
  certificateEnrollmentMode: enrollmentModeSchema,
  status: credentialStatusSchema,
  createdAt: z.string(),
  userId: z.string().uuid(),
  user: credentialUserSchema,
  /** End-entity certificate first, root last; empty until a chain is set. */
  certChain: z.array(certificateSchema),
  /** The PKCS#10 certificate request (PEM). */
  p10: z.string().nullable(),
  preauthQuantity: z.number().int().nullable(),
  preauthUntil: z.string().nullable(),
  xkblMode: z.boolean(),
  /** Serial of the end-entity certificate (upper-case hex), null without a chain. */
  certificateSerialNumber: z.string().nullable(),
  distinguishedName: distinguishedNameSchema,
  /** Too many wrong key passwords: unlock with the PUK. */
  keyBlocked: z.boolean(),
  /** Too many wrong PUKs: only deletion remains. */
  pukBlocked: z.boolean(),
});
export type Credential = z.infer<typeof credentialSchema>;

// ---------------------------------------------------------------------------------------------
// Calls (§7), all under `/rssp/v1/`.

/** `GET credentials/algorithms`: what this server can generate; the create dialog offers only these. */
export const credentialAlgorithmsSchema = z.object({
  keyAlgs: z.array(creatableKeyAlgSchema),
  rsaKeySizes: z.array(z.number().int()),
  ecCurveNames: z.array(ecCurveNameSchema),
  sphincsParameterSets: z.array(sphincsParameterSetSchema),
  keyPurposes: z.array(creatableKeyPurposeSchema),
  /** The purposes each offered algorithm can serve (a subset of `keyPurposes`). */
  keyPurposesByKeyAlg: z.record(creatableKeyAlgSchema, z.array(creatableKeyPurposeSchema)),
  authModes: z.array(creatableAuthModeSchema),
  enrollmentModes: z.array(enrollmentModeSchema),
});
export type CredentialAlgorithms = z.infer<typeof credentialAlgorithmsSchema>;

const createCredentialShape = {
  description: descriptionSchema,
  keyPurpose: creatableKeyPurposeSchema.default(credentialDefaults.keyPurpose),
  keyAlg: creatableKeyAlgSchema,
  rsaKeySize: rsaKeySizeSchema.optional(),
  /** EC curve for `ec`, parameter set for `sphincs+`. */
  ecCurveName: curveNameSchema.optional(),
  authMode: creatableAuthModeSchema.default(credentialDefaults.authMode),
  certificateEnrollmentMode: enrollmentModeSchema.default(
    credentialDefaults.certificateEnrollmentMode,
  ),
  /** Admin only: the owner (an enabled user); users create for themselves. */
  userId: z.string().uuid().optional(),
  distinguishedName: distinguishedNameSchema,
  preauthQuantity: preauthQuantitySchema.optional(),
  preauthUntil: preauthUntilSchema.optional(),
};

/** `POST credentials/` → `Credential` (201). */
export const createCredentialSchema = z
  .object(createCredentialShape)
  .strict()
  .superRefine((v, ctx) => {
    if (v.keyAlg === 'rsa' && v.rsaKeySize === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rsaKeySize'], message: m.rsaKeySizeRequired });
    }
    if (v.keyAlg === 'ec' && !ecCurveNameSchema.safeParse(v.ecCurveName).success) {
      ctx.addIssue({ code: 'custom', path: ['ecCurveName'], message: m.ecCurveRequired });
    }
    if (v.keyAlg === 'sphincs+' && !sphincsParameterSetSchema.safeParse(v.ecCurveName).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['ecCurveName'],
        message: m.sphincsParameterSetRequired,
      });
    }
    if (!canServe(v.keyAlg, v.keyPurpose)) {
      ctx.addIssue({ code: 'custom', path: ['keyPurpose'], message: m.purposeNotForAlgorithm });
    }
  });
export type CreateCredential = z.infer<typeof createCredentialSchema>;
export type CreateCredentialInput = z.input<typeof createCredentialSchema>;

/**
 * `PUT credentials/{id}` → `Credential`. Key purpose, algorithm, size, auth mode, enrollment mode
 * and the distinguished name are fixed after create.
 */
export const updateCredentialSchema = z
  .object({
    description: descriptionSchema,
    preauthQuantity: preauthQuantitySchema.optional(),
    preauthUntil: preauthUntilSchema.optional(),
  })
  .strict();
export type UpdateCredential = z.infer<typeof updateCredentialSchema>;

/** `{id}` of every `credentials/{id}…` call. */
export const credentialParamsSchema = z.object({ id: z.string().uuid() }).strict();

export const credentialSortFields = [
  'description',
  'status',
  'createdAt',
  'keyPurpose',
  'authMode',
  'keyAlg',
  'email',
] as const;

const { q: textSearch, ...paging } = pageQueryShape(credentialSortFields, 'createdAt', 'desc');
const listQueryShape = { q: textSearch, status: credentialStatusSchema.optional(), ...paging };

/** `GET credentials/self` (the caller's credentials) → `CredentialPage`. */
export const ownCredentialListQuerySchema = z.object(listQueryShape).strict();
export type OwnCredentialListQuery = z.infer<typeof ownCredentialListQuerySchema>;

/** `GET credentials` (admin: everyone's, optionally one user's) → `CredentialPage`. */
export const credentialListQuerySchema = z
  .object({ ...listQueryShape, userId: z.string().uuid().optional() })
  .strict();
export type CredentialListQuery = z.infer<typeof credentialListQuerySchema>;

export const credentialPageSchema = pageSchema(credentialSchema);
export type CredentialPage = z.infer<typeof credentialPageSchema>;

/** `GET users/self/credentials/activated` → the caller's ACTIVATED credentials. */
export const activatedCredentialsSchema = z.object({ items: z.array(credentialSchema) });
export type ActivatedCredentials = z.infer<typeof activatedCredentialsSchema>;

/**
 * `POST credentials/{id}/activate` → `Credential`. EXPLICIT: key password and the new 12-digit
 * PUK; IMPLICIT: empty object (approval on a device; `NO_ENABLED_DEVICES` without one).
 */
export const activateCredentialSchema = z
  .object({ keyPuk: pukSchema.optional(), keyPassword: keyPasswordSchema.optional() })
  .strict()
  .refine((v) => (v.keyPuk === undefined) === (v.keyPassword === undefined), {
    message: m.required,
    path: ['keyPassword'],
  });
export type ActivateCredential = z.infer<typeof activateCredentialSchema>;

/** `POST credentials/{id}/changePassword` → `Credential`. */
export const changeKeyPasswordSchema = z
  .object({ oldKeyPassword: currentSecretSchema, newKeyPassword: keyPasswordSchema })
  .strict();
export type ChangeKeyPassword = z.infer<typeof changeKeyPasswordSchema>;

/** `POST credentials/{id}/unlock`: PUK + new key password; resets the wrong-password count. */
export const unlockCredentialSchema = z
  .object({ keyPuk: currentSecretSchema, newKeyPassword: keyPasswordSchema })
  .strict();
export type UnlockCredential = z.infer<typeof unlockCredentialSchema>;

/** `POST credentials/{id}/changePuk`: old PUK, the new client-generated PUK, new key password. */
export const changePukSchema = z
  .object({
    oldKeyPuk: currentSecretSchema,
    newKeyPuk: pukSchema,
    newKeyPassword: keyPasswordSchema,
  })
  .strict();
export type ChangePuk = z.infer<typeof changePukSchema>;

/**
 * `PUT credentials/{id}/certificateChain` → `Credential`: certificates as PEM text or base64 DER
 * (.pem/.cer/.crt), in any order; the server orders them end-entity first. Empty →
 * `EMPTY_CERTIFICATE_CHAIN`.
 */
export const certificateChainSchema = z.array(z.string().min(1).max(65_536)).max(10);
export type CertificateChainInput = z.infer<typeof certificateChainSchema>;

/**
 * `POST credentials/{id}/certificateEnrollment` → `Credential`: a certificate from the CA for the
 * credential's existing key, over CMP with an external CA: `csr` sends the PKCS#10 request Signet
 * holds (p10cr), `renew` a key update (kur) signed by the key, which an activated explicit key
 * opens with its key password.
 */
export const requestCertificateSchema = z
  .object({
    kind: z.enum(['csr', 'renew']),
    keyPassword: currentSecretSchema.optional(),
  })
  .strict();
export type RequestCertificate = z.infer<typeof requestCertificateSchema>;

/** `POST credentials/certificateInfo` ({pem}: one or more PEM blocks, or base64 DER) → `Certificate[]`. */
export const certificateInfoRequestSchema = z
  .object({ pem: z.string().min(1).max(262_144) })
  .strict();
export const certificateInfoResponseSchema = z.array(certificateSchema);

/** `POST credentials/{id}/clearPreauthorization` → `Credential` (quantity and until cleared). */

/**
 * `GET credentials/{id}/certificateRequest` → the PKCS#10 request as PEM text
 * (`application/x-pem-file`); the UI saves it as `certificateRequestFileName(description)`.
 * `GET ca/certificate` → the embedded CA's root certificate as PEM text (no auth).
 */
export function certificateRequestFileName(description: string): string {
  return `${description}-certReq.pem`;
}

/** Download name of one certificate of a chain (§2). */
export function certificateFileName(description: string, certificate: Certificate): string {
  return `${description}-to-${certificate.issuedTo}-by-${certificate.issuedBy}-cert.crt`;
}

// ---------------------------------------------------------------------------------------------
// Form helpers for the dialogs (§4): confirmation fields and the client-generated PUK.

const confirmed = <T extends z.ZodRawShape>(shape: T, field: string, confirm: string) =>
  z
    .object(shape)
    .refine(
      (v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>)[confirm],
      {
        message: m.confirmationMismatch,
        path: [confirm],
      },
    );

/** Activation dialog (explicit): key password twice. */
export const activationFormSchema = confirmed(
  { keyPassword: keyPasswordSchema, confirmKeyPassword: z.string().min(1, m.required) },
  'keyPassword',
  'confirmKeyPassword',
);
/**
 * The change password, unlock and change PUK dialogs: the secret that opens the key (current key
 * password, PUK or old PUK) and a new key password typed twice.
 */
export const secretChangeFormSchema = confirmed(
  {
    secret: currentSecretSchema,
    newKeyPassword: keyPasswordSchema,
    confirmNewKeyPassword: z.string().min(1, m.required),
  },
  'newKeyPassword',
  'confirmNewKeyPassword',
);

/** A new 12-digit PUK from the platform's CSPRNG (browser or Node), without modulo bias. */
export function generatePuk(): string {
  let out = '';
  const buf = new Uint8Array(1);
  while (out.length < 12) {
    globalThis.crypto.getRandomValues(buf);
    const b = buf[0] ?? 255;
    if (b < 250) out += String(b % 10);
  }
  return out;
}

/** The PUK as the modal shows it: groups of 4-4-4. */
export function formatPuk(puk: string): string {
  return puk.replace(/(\d{4})(?=\d)/g, '$1-');
}
