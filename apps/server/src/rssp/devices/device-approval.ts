import { randomUUID } from 'node:crypto';
import {
  approvalPayload,
  type ApprovalDecision,
  type ApprovalRequest,
  type ApprovalStatus,
} from '@signet/contracts/devices';
import { AppError, notFound } from '#infra/app-error';
import type { Tx } from '#infra/database';
import type { CredentialRow } from '../records';
import { relyingPartyOf, verifyDeviceProof } from './device-proof';
import * as store from './device-store';
import type { PendingApprovalRow } from './device-store';
import type { ApprovalRow, DeviceRow } from './device-table';
import type { RsspContext } from '../context';

/** What the protocol takes of the rSSP's context. */
export type ApprovalContext = Pick<RsspContext, 'config' | 'database' | 'events'>;

/**
 * The approval protocol (decision 014): the rSSP addresses a request to the owner's enabled
 * devices, a device signs its decision over exactly what is asked, the rSSP verifies that
 * signature against the enrolled public key and only then records APPROVED; the key's user
 * consumes the approval once, for exactly the credential and hashes it names, before expiry.
 */

export const approvalInvalid = (message: string) => new AppError('AUTHORIZATION_INVALID', message);
const denied = () => new AppError('AUTHORIZATION_DENIED', 'The request was denied on the device');
const expired = (message = 'The request for approval expired without a decision') =>
  new AppError('AUTHORIZATION_EXPIRED', message);

export function toApprovalRequest(row: PendingApprovalRow): ApprovalRequest {
  return {
    id: row.id,
    purpose: row.purpose,
    credentialId: row.credentialId,
    credentialDescription: row.credentialDescription,
    requestedBy: { name: row.userName, email: row.userEmail },
    hashes: row.hashes,
    hashAlgorithm: row.hashAlgorithm,
    documents: row.documents,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

async function announceDecision(ctx: ApprovalContext, row: ApprovalRow, tx?: Tx): Promise<void> {
  await ctx.events.publish(
    {
      name: 'DEVICE_APPROVAL_DECIDED',
      stream: 'rssp',
      userId: row.userId,
      payload: { approvalId: row.id, status: row.status },
    },
    tx,
  );
}

/**
 * Addresses a request for approval to the owner's enabled devices (NO_ENABLED_DEVICES when there
 * are none); it expires after AUTHORIZATION_TIMEOUT_SECS.
 */
export async function requestApproval(
  ctx: ApprovalContext,
  options: {
    credential: CredentialRow;
    purpose: 'ACTIVATE' | 'SIGN';
    hashes: string[];
    hashAlgorithm: string;
    documents?: string[];
  },
): Promise<ApprovalRow> {
  const { credential } = options;
  return ctx.database.db.transaction(async (tx) => {
    if ((await store.countEnabledDevices(tx, credential.userId)) === 0) {
      throw new AppError('NO_ENABLED_DEVICES', 'There are no enabled devices');
    }
    const row = await store.insertApproval(tx, {
      id: randomUUID(),
      userId: credential.userId,
      credentialId: credential.id,
      purpose: options.purpose,
      hashAlgorithm: options.hashAlgorithm,
      hashes: options.hashes,
      documents: options.documents ?? [],
      status: 'PENDING',
      expiresAt: new Date(Date.now() + ctx.config.AUTHORIZATION_TIMEOUT_SECS * 1000),
    });
    await ctx.events.publish(
      {
        name: 'DEVICE_APPROVAL_REQUESTED',
        stream: 'rssp',
        userId: row.userId,
        payload: { approvalId: row.id },
      },
      tx,
    );
    return row;
  });
}

/** Ends a PENDING request as EXPIRED or CANCELLED (announced); false if it was no longer pending. */
async function closeApproval(
  ctx: ApprovalContext,
  id: string,
  status: 'EXPIRED' | 'CANCELLED',
): Promise<boolean> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await store.moveApproval(tx, id, 'PENDING', { status, decidedAt: new Date() });
    if (row) await announceDecision(ctx, row, tx);
    return row !== undefined;
  });
}

function outcomeOf(status: ApprovalStatus): 'wait' | 'approved' | AppError {
  if (status === 'PENDING') return 'wait';
  if (status === 'APPROVED') return 'approved';
  if (status === 'DENIED') return denied();
  if (status === 'USED') return approvalInvalid('The approval was already used');
  return expired(status === 'CANCELLED' ? 'The request for approval was cancelled' : undefined);
}

/**
 * Waits until a device decides the request (APPROVED resolves; DENIED is AUTHORIZATION_DENIED),
 * it expires (AUTHORIZATION_EXPIRED, recorded) or `signal` aborts (the caller went away: the
 * request is CANCELLED). Decisions arrive as bus events, so any server instance may take them.
 */
export function awaitDecision(
  ctx: ApprovalContext,
  approval: ApprovalRow,
  signal?: AbortSignal,
): Promise<ApprovalRow> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (result: ApprovalRow | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      signal?.removeEventListener('abort', onAbort);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const check = async () => {
      const row = await store.findApproval(ctx.database.db, approval.id);
      if (!row) return finish(notFound('Approval'));
      const outcome = outcomeOf(row.status);
      if (outcome === 'approved') finish(row);
      else if (outcome !== 'wait') finish(outcome);
    };
    const guarded = (step: () => Promise<void>) => () => {
      step().catch((error: unknown) =>
        finish(error instanceof Error ? error : new Error(String(error))),
      );
    };
    const unsubscribe = ctx.events.subscribe((event) => {
      if (event.name === 'DEVICE_APPROVAL_DECIDED' && event.payload.approvalId === approval.id) {
        guarded(check)();
      }
    });
    const timer = setTimeout(
      guarded(async () => {
        if (await closeApproval(ctx, approval.id, 'EXPIRED')) finish(expired());
        else await check();
      }),
      Math.max(0, approval.expiresAt.getTime() - Date.now()),
    );
    const onAbort = guarded(async () => {
      await closeApproval(ctx, approval.id, 'CANCELLED');
      finish(expired('The request for approval was cancelled'));
    });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    guarded(check)();
  });
}

/**
 * The device's pending requests, oldest first. With `waitSecs`, waits up to that long for a
 * first one (long polling) and answers as soon as one is addressed to the device's owner.
 */
export async function listPendingApprovals(
  ctx: ApprovalContext,
  options: { device: DeviceRow; waitSecs: number; signal?: AbortSignal },
): Promise<ApprovalRequest[]> {
  const { device, waitSecs, signal } = options;
  let wake: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const unsubscribe = ctx.events.subscribe((event) => {
    if (event.name === 'DEVICE_APPROVAL_REQUESTED' && event.userId === device.userId) wake();
  });
  try {
    const first = await store.pendingApprovalsOf(ctx.database.db, device.userId);
    if (first.length > 0 || waitSecs === 0) return first.map(toApprovalRequest);
    const timer = setTimeout(wake, waitSecs * 1000);
    signal?.addEventListener('abort', wake, { once: true });
    await arrived;
    clearTimeout(timer);
    signal?.removeEventListener('abort', wake);
    const rows = await store.pendingApprovalsOf(ctx.database.db, device.userId);
    return rows.map(toApprovalRequest);
  } finally {
    unsubscribe();
  }
}

/**
 * `POST devices/approvals`: the device's decision. The request must be the device owner's, still
 * PENDING (a replay of a decision finds it decided) and unexpired; the device's proof over
 * `approvalPayload(request, decision)`, rebuilt here from the rSSP's own record, must verify
 * against the enrolled public key. Only then is the decision recorded (once, under the row lock).
 */
export async function decideApproval(
  ctx: ApprovalContext,
  options: { device: DeviceRow; input: ApprovalDecision },
): Promise<{ approvalId: string; status: ApprovalStatus }> {
  const { device, input } = options;
  const row = await store.findApproval(ctx.database.db, input.approvalId);
  if (!row || row.userId !== device.userId) throw notFound('Approval');
  if (row.status !== 'PENDING') {
    throw approvalInvalid('The request was already decided: a decision is taken once');
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    await closeApproval(ctx, row.id, 'EXPIRED');
    throw expired('The request for approval expired before the decision');
  }
  const payload = approvalPayload(
    { ...row, expiresAt: row.expiresAt.toISOString() },
    input.decision,
  );
  const { counter } = await verifyDeviceProof({
    rp: relyingPartyOf(ctx.config.publicUrl),
    device,
    payload,
    ...(input.signature === undefined ? {} : { signature: input.signature }),
    ...(input.assertion === undefined ? {} : { assertion: input.assertion }),
  });
  const decided = await ctx.database.db.transaction(async (tx) => {
    const locked = await store.lockApproval(tx, row.id);
    if (!locked || locked.status !== 'PENDING') {
      throw approvalInvalid('The request was already decided: a decision is taken once');
    }
    if (locked.expiresAt.getTime() <= Date.now()) throw expired();
    const now = new Date();
    const moved = await store.moveApproval(tx, row.id, 'PENDING', {
      status: input.decision === 'APPROVE' ? 'APPROVED' : 'DENIED',
      deviceId: device.id,
      decidedAt: now,
    });
    if (!moved) throw approvalInvalid('The request was already decided');
    await store.updateDevice(tx, device.id, {
      lastUsedAt: now,
      ...(counter === null ? {} : { webauthnCounter: counter }),
    });
    await announceDecision(ctx, moved, tx);
    return moved;
  });
  return { approvalId: decided.id, status: decided.status };
}

const sameHashes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((hash, i) => hash === b[i]);

/**
 * Uses an APPROVED approval once, inside the caller's transaction: it must name this credential,
 * this purpose and exactly these hashes, and be unexpired; it becomes USED. Anything else is
 * refused before the caller touches the key.
 */
export async function consumeApproval(
  tx: Tx,
  options: {
    approvalId: string;
    credentialId: string;
    userId: string;
    purpose: 'ACTIVATE' | 'SIGN';
    hashes: string[];
  },
): Promise<ApprovalRow> {
  const row = await store.lockApproval(tx, options.approvalId);
  if (!row || row.userId !== options.userId) throw notFound('Approval');
  const outcome = outcomeOf(row.status);
  if (outcome === 'wait') throw approvalInvalid('The request has no decision yet');
  if (outcome !== 'approved') throw outcome;
  if (row.credentialId !== options.credentialId || row.purpose !== options.purpose) {
    throw approvalInvalid('The approval is for another credential or purpose');
  }
  if (!sameHashes(row.hashes, options.hashes)) {
    throw approvalInvalid('The approval is for other hashes');
  }
  if (row.expiresAt.getTime() <= Date.now()) throw expired('The approval expired before its use');
  const used = await store.moveApproval(tx, row.id, 'APPROVED', {
    status: 'USED',
    usedAt: new Date(),
  });
  if (!used) throw approvalInvalid('The approval was already used');
  return used;
}
