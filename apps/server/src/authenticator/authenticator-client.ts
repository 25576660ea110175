import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { hostname } from 'node:os';
import {
  approvalOutcomeSchema,
  approvalPayload,
  enrolledDeviceSchema,
  pendingApprovalsSchema,
  readEnrollmentLink,
  type ApprovalDecisionName,
  type ApprovalRequest,
} from '@signet/contracts/devices';
import { errorResponseSchema } from '@signet/contracts/errors';
import { readState, writeState, type AuthenticatorState } from './authenticator-state';

/**
 * The command-line Signet Authenticator (decision 014): a device that speaks the rSSP's device
 * protocol with an Ed25519 key pair it makes itself. Scripts, tests and the bench use it.
 */

export class AuthenticatorError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AuthenticatorError';
  }
}

async function call(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = errorResponseSchema.safeParse(body);
    throw error.success
      ? new AuthenticatorError(`${error.data.code}: ${error.data.message}`, error.data.code)
      : new AuthenticatorError(`HTTP ${response.status}`);
  }
  return body;
}

const json = { 'content-type': 'application/json' };

/** Enrolls with the add-device link: makes the key pair, registers the public key, keeps both. */
export async function enroll(options: {
  link: string;
  statePath: string;
  friendlyName?: string;
}): Promise<AuthenticatorState> {
  const parsed = readEnrollmentLink(options.link);
  if (!parsed) throw new AuthenticatorError('Not an enrollment link');
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const friendlyName = options.friendlyName ?? `CLI authenticator on ${hostname()}`.slice(0, 255);
  const body = await call(`${parsed.rsspApiUrl}/v1/devices`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      kind: 'KEY',
      code: parsed.code,
      friendlyName,
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    }),
  });
  const enrolled = enrolledDeviceSchema.parse(body);
  const state: AuthenticatorState = {
    rsspApiUrl: parsed.rsspApiUrl,
    deviceId: enrolled.device.id,
    friendlyName: enrolled.device.friendlyName,
    deviceToken: enrolled.deviceToken,
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
  await writeState(options.statePath, state);
  return state;
}

const deviceHeaders = (state: AuthenticatorState) => ({
  authorization: `Device ${state.deviceToken}`,
});

/** The device's pending requests, waiting up to `waitSecs` (≤ 60) for a first one. */
export async function pendingRequests(
  state: AuthenticatorState,
  waitSecs: number,
): Promise<ApprovalRequest[]> {
  const body = await call(`${state.rsspApiUrl}/v1/devices/approvals?waitSecs=${waitSecs}`, {
    headers: deviceHeaders(state),
  });
  return pendingApprovalsSchema.parse(body).items;
}

/** The device's Ed25519 signature (base64) of the decision's exact payload. */
export function signDecision(
  state: AuthenticatorState,
  request: Parameters<typeof approvalPayload>[0],
  decision: ApprovalDecisionName,
): string {
  const key = createPrivateKey(state.privateKeyPem);
  return sign(null, Buffer.from(approvalPayload(request, decision), 'utf8'), key).toString(
    'base64',
  );
}

/** Sends a signed decision; the status the rSSP recorded. */
export async function sendDecision(
  state: AuthenticatorState,
  decision: { approvalId: string; decision: ApprovalDecisionName; signature: string },
): Promise<string> {
  const body = await call(`${state.rsspApiUrl}/v1/devices/approvals`, {
    method: 'POST',
    headers: { ...json, ...deviceHeaders(state) },
    body: JSON.stringify(decision),
  });
  return approvalOutcomeSchema.parse(body).status;
}

/** What a request asks, in one paragraph for the terminal. */
export function describeRequest(request: ApprovalRequest): string {
  const what =
    request.purpose === 'ACTIVATE'
      ? 'activate the credential'
      : `make ${request.hashes.length} signature${request.hashes.length === 1 ? '' : 's'} with`;
  const documents =
    request.documents.length > 0 ? `\n  documents: ${request.documents.join(', ')}` : '';
  return [
    `Request ${request.id}`,
    `  ${request.requestedBy.name} <${request.requestedBy.email}> asks to ${what} “${request.credentialDescription}” (${request.credentialId})`,
    ...(request.purpose === 'SIGN'
      ? request.hashes.map((hash, i) => `  hash ${i + 1} (${request.hashAlgorithm}): ${hash}`)
      : []),
    `  expires at ${request.expiresAt}${documents}`,
  ].join('\n');
}

/**
 * Waits up to `timeoutMs` for the next request addressed to the device, shows it through `print`,
 * approves (or denies) it, and returns the request and the recorded status; null if none came.
 */
export async function approveNext(options: {
  statePath: string;
  deny?: boolean;
  timeoutMs?: number;
  print?: (text: string) => void;
  state?: AuthenticatorState;
}): Promise<{ request: ApprovalRequest; status: string } | null> {
  const state = options.state ?? (await readState(options.statePath));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const print = options.print ?? (() => undefined);
  for (;;) {
    const left = Math.ceil((deadline - Date.now()) / 1000);
    if (left <= 0) return null;
    const [request] = await pendingRequests(state, Math.min(left, 60));
    if (!request) continue;
    print(describeRequest(request));
    const decision: ApprovalDecisionName = options.deny ? 'DENY' : 'APPROVE';
    const status = await sendDecision(state, {
      approvalId: request.id,
      decision,
      signature: signDecision(state, request, decision),
    });
    print(`${decision === 'APPROVE' ? 'Approved' : 'Denied'}: ${status}`);
    return { request, status };
  }
}
