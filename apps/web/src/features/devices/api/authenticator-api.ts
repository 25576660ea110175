import type { z } from 'zod';
import {
  approvalOutcomeSchema,
  enrolledDeviceSchema,
  pendingApprovalsSchema,
  type ApprovalDecision,
  type ApprovalRequest,
  type EnrollDevice,
  type EnrolledDevice,
} from '@signet/contracts/devices';
import { toApiError } from '../../../shared/api/api-error';

/**
 * The Signet Authenticator's calls (decision 014): no user session, the one-time code enrolls and
 * the device token (`Authorization: Device …`) reads requests; decisions carry the passkey's
 * assertion.
 */

/** What the page keeps in this browser after enrolling (never a private key: the passkey holds it). */
export interface AuthenticatorDevice {
  rsspApiUrl: string;
  deviceId: string;
  friendlyName: string;
  deviceToken: string;
  credentialId: string;
  rpId: string;
}

async function call<S extends z.ZodType>(url: string, init: RequestInit, schema: S) {
  const response = await fetch(url, init);
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw toApiError(response.status, body);
  return schema.parse(body) as z.infer<S>;
}

const json = { 'content-type': 'application/json' };
const device = (d: AuthenticatorDevice) => ({ authorization: `Device ${d.deviceToken}` });

export function enrollDevice(rsspApiUrl: string, body: EnrollDevice): Promise<EnrolledDevice> {
  return call(
    `${rsspApiUrl}/v1/devices`,
    { method: 'POST', headers: json, body: JSON.stringify(body) },
    enrolledDeviceSchema,
  );
}

export async function pendingApprovals(
  d: AuthenticatorDevice,
  waitSecs: number,
  signal: AbortSignal,
): Promise<ApprovalRequest[]> {
  const page = await call(
    `${d.rsspApiUrl}/v1/devices/approvals?waitSecs=${waitSecs}`,
    { headers: device(d), signal },
    pendingApprovalsSchema,
  );
  return page.items;
}

export function decideApproval(d: AuthenticatorDevice, body: ApprovalDecision) {
  return call(
    `${d.rsspApiUrl}/v1/devices/approvals`,
    { method: 'POST', headers: { ...json, ...device(d) }, body: JSON.stringify(body) },
    approvalOutcomeSchema,
  );
}

/** base64url of the SHA-256 of `text`: the WebAuthn challenge the rSSP expects. */
export async function challengeOf(text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)),
  );
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const storageKey = 'signet.authenticator';

export function storedDevice(): AuthenticatorDevice | null {
  try {
    const raw = window.localStorage.getItem(storageKey);
    return raw ? (JSON.parse(raw) as AuthenticatorDevice) : null;
  } catch {
    return null;
  }
}

export function storeDevice(value: AuthenticatorDevice | null): void {
  if (value) window.localStorage.setItem(storageKey, JSON.stringify(value));
  else window.localStorage.removeItem(storageKey);
}
