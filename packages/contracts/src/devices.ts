import { z } from 'zod';
import { pageQueryShape, pageSchema } from './paging';

/**
 * Devices of the remote signing service and the approval protocol (spec platform §2 My profile
 * devices table, add-device and update-device dialogs, /devices-admin; §3 Device; §4 implicit
 * activation, device events; §5 device name; §7 device calls; decision 014). A device is a phone
 * running the Signet Authenticator page (a WebAuthn passkey) or the command-line authenticator (an
 * Ed25519 key pair): it holds its private key, the rSSP only the public key.
 */

export const deviceMessages = {
  required: 'Field is required',
  nameSize: 'Size must be between 4 and 255 characters',
} as const;

/** Device friendly name: required, 4 to 255 (§5). */
export const friendlyNameSchema = z
  .string()
  .trim()
  .min(1, deviceMessages.required)
  .min(4, deviceMessages.nameSize)
  .max(255, deviceMessages.nameSize);

/** How the device proves its decisions: a WebAuthn passkey (page) or an Ed25519 key (CLI). */
export const deviceKinds = ['WEBAUTHN', 'KEY'] as const;
export const deviceKindSchema = z.enum(deviceKinds);
export type DeviceKind = z.infer<typeof deviceKindSchema>;

export const deviceStatuses = ['ENABLED', 'DISABLED'] as const;
export const deviceStatusSchema = z.enum(deviceStatuses);

export const deviceSchema = z.object({
  id: z.string().uuid(),
  friendlyName: z.string(),
  kind: deviceKindSchema,
  enabled: z.boolean(),
  status: deviceStatusSchema,
  user: z.object({ id: z.string().uuid(), name: z.string(), email: z.string() }),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/** `{id}` of every `devices/{id}` call. */
export const deviceParamsSchema = z.object({ id: z.string().uuid() }).strict();

export const deviceSortFields = ['friendlyName', 'createdAt', 'email'] as const;
const { q, ...paging } = pageQueryShape(deviceSortFields, 'createdAt', 'desc');

/** `GET devices/self` → `DevicePage`. */
export const ownDeviceListQuerySchema = z.object({ q, ...paging }).strict();
export type OwnDeviceListQuery = z.infer<typeof ownDeviceListQuerySchema>;

/** `GET devices` (admin: everyone's, optionally one user's) → `DevicePage`. */
export const deviceListQuerySchema = z
  .object({ q, ...paging, userId: z.string().uuid().optional() })
  .strict();
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

export const devicePageSchema = pageSchema(deviceSchema);
export type DevicePage = z.infer<typeof devicePageSchema>;

/** `PUT devices/{id}`: the friendly name (the enabled switch is shown but not editable, §2). */
export const updateDeviceSchema = z.object({ friendlyName: friendlyNameSchema }).strict();
export type UpdateDevice = z.infer<typeof updateDeviceSchema>;

// ---------------------------------------------------------------------------------------------
// Enrollment.

/** `POST devices/enrollments` → the link the add-device dialog shows as QR and text. */
export const enrollmentSchema = z.object({
  /** `{publicUrl}/authenticator#enroll={code}&rssp={rsspApiUrl}`: the page, the service, the code. */
  link: z.string().url(),
  expiresAt: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

/** The one-time enrollment code: 256 random bits, base64url. */
export const enrollmentCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Not an enrollment code');

/** What an enrollment link carries. */
export interface EnrollmentLink {
  code: string;
  /** The rSSP API base, e.g. `https://signet.example.com/rssp`. */
  rsspApiUrl: string;
}

export function readEnrollmentLink(link: string): EnrollmentLink | null {
  try {
    const url = new URL(link);
    const params = new URLSearchParams(url.hash.replace(/^#/, ''));
    const code = params.get('enroll');
    const rsspApiUrl = params.get('rssp');
    if (!code || !enrollmentCodeSchema.safeParse(code).success || !rsspApiUrl) return null;
    return { code, rsspApiUrl };
  } catch {
    return null;
  }
}

/** The WebAuthn registration challenge of an enrollment: `sha256("signet-enroll:" + code)`. */
export const enrollmentChallengeText = (code: string) => `signet-enroll:${code}`;

/** `POST devices`: the device completes enrollment with the code and its public key. */
export const enrollDeviceSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('KEY'),
      code: enrollmentCodeSchema,
      friendlyName: friendlyNameSchema,
      /** Ed25519 SubjectPublicKeyInfo, DER, base64. */
      publicKey: z.string().max(200),
    })
    .strict(),
  z
    .object({
      kind: z.literal('WEBAUTHN'),
      code: enrollmentCodeSchema,
      friendlyName: friendlyNameSchema,
      /** The `RegistrationResponseJSON` of `navigator.credentials.create`. */
      registration: z.record(z.string(), z.unknown()),
    })
    .strict(),
]);
export type EnrollDevice = z.infer<typeof enrollDeviceSchema>;

/** The answer to `POST devices`: the device and its token for reading its approval requests. */
export const enrolledDeviceSchema = z.object({
  device: deviceSchema,
  /** Sent as `Authorization: Device <token>`; reads requests, cannot approve without the key. */
  deviceToken: z.string(),
  /** WebAuthn devices: the passkey's credential id (base64url), to ask for it when approving. */
  webauthnCredentialId: z.string().nullable(),
  rpId: z.string(),
});
export type EnrolledDevice = z.infer<typeof enrolledDeviceSchema>;

// ---------------------------------------------------------------------------------------------
// Approvals.

export const approvalPurposes = ['ACTIVATE', 'SIGN'] as const;
export const approvalPurposeSchema = z.enum(approvalPurposes);
export const approvalDecisions = ['APPROVE', 'DENY'] as const;
export const approvalDecisionNameSchema = z.enum(approvalDecisions);
export type ApprovalDecisionName = z.infer<typeof approvalDecisionNameSchema>;
export const approvalStatuses = [
  'PENDING',
  'APPROVED',
  'DENIED',
  'EXPIRED',
  'CANCELLED',
  'USED',
] as const;
export const approvalStatusSchema = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

/** A request for approval as the device sees it: who asks, which key, what is signed. */
export const approvalRequestSchema = z.object({
  id: z.string().uuid(),
  purpose: approvalPurposeSchema,
  credentialId: z.string().uuid(),
  credentialDescription: z.string(),
  requestedBy: z.object({ name: z.string(), email: z.string() }),
  /** Base64 hashes (or, for SLH-DSA, messages) to be signed; empty for ACTIVATE. */
  hashes: z.array(z.string()),
  hashAlgorithm: z.string(),
  /** Names of the documents being signed (shown, not bound). */
  documents: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** `GET devices/approvals`: the device's pending requests; `waitSecs` waits for a first one. */
export const pendingApprovalsQuerySchema = z
  .object({ waitSecs: z.coerce.number().int().min(0).max(60).default(0) })
  .strict();
export const pendingApprovalsSchema = z.object({ items: z.array(approvalRequestSchema) });
export type PendingApprovals = z.infer<typeof pendingApprovalsSchema>;

/** `POST devices/approvals`: the device's signed decision on one request. */
export const approvalDecisionSchema = z
  .object({
    approvalId: z.string().uuid(),
    decision: approvalDecisionNameSchema,
    /** KEY devices: Ed25519 signature (base64) of `approvalPayload(request, decision)`. */
    signature: z.string().max(200).optional(),
    /** WEBAUTHN devices: `AuthenticationResponseJSON` whose challenge is `approvalChallenge`. */
    assertion: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

export const approvalOutcomeSchema = z.object({
  approvalId: z.string().uuid(),
  status: approvalStatusSchema,
});

/**
 * The exact text a device signs: the request id, the decision, the purpose, the credential, the
 * hash algorithm, every hash in order and the expiry. The rSSP rebuilds it from its own record,
 * so a signature made for another request, decision, credential or hashes does not verify.
 */
export function approvalPayload(
  request: Pick<ApprovalRequest, 'id' | 'purpose' | 'credentialId' | 'hashAlgorithm' | 'hashes'> & {
    expiresAt: string;
  },
  decision: ApprovalDecisionName,
): string {
  return JSON.stringify([
    'signet-device-approval-v1',
    request.id,
    decision,
    request.purpose,
    request.credentialId,
    request.hashAlgorithm,
    request.hashes,
    new Date(request.expiresAt).toISOString(),
  ]);
}
