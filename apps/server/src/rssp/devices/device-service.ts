import { randomUUID } from 'node:crypto';
import {
  type Device,
  type DeviceListQuery,
  type DevicePage,
  type EnrollDevice,
  type EnrolledDevice,
  type Enrollment,
  type OwnDeviceListQuery,
  type UpdateDevice,
  enrollmentChallengeText,
} from '@signet/contracts/devices';
import { pageOffset } from '@signet/contracts/paging';
import { AppError, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Tx } from '#infra/database';
import { hashLinkToken, newLinkToken } from '#infra/keys';
import { readDevicePublicKey, relyingPartyOf, verifyRegistration } from './device-proof';
import * as store from './device-store';
import type { DeviceRow } from './device-table';
import type { RsspContext } from '../context';

/** How long an enrollment code (the add-device QR) works: minutes, and once. */
export const enrollmentTtlMinutes = 10;

const isAdmin = (actor: AuthUser) => actor.roles.includes('admin');

export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    friendlyName: row.friendlyName,
    kind: row.kind,
    enabled: row.enabled,
    status: row.enabled ? 'ENABLED' : 'DISABLED',
    user: { id: row.userId, name: row.userName, email: row.userEmail },
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The rSSP API base the device talks to (the remote config's rsspApiUrl). */
export function rsspApiUrlOf(ctx: Pick<RsspContext, 'config'>): string {
  return ctx.config.RSSP_API_URL ?? `${ctx.config.publicUrl}/rssp`;
}

async function announce(
  ctx: RsspContext,
  name: 'DEVICE_CREATED' | 'DEVICE_UPDATED' | 'DEVICE_DELETED',
  row: DeviceRow,
  tx: Tx,
): Promise<void> {
  await ctx.events.publish(
    { name, stream: 'rssp', userId: row.userId, payload: { deviceId: row.id } },
    tx,
  );
}

/**
 * Resolves a device id for the caller: NOT_FOUND when it does not exist or belongs to someone
 * else (admins see every device), so ids cannot be probed.
 */
async function resolveDevice(
  ctx: RsspContext,
  actor: AuthUser,
  id: string,
  tx?: Tx,
): Promise<DeviceRow> {
  const row = tx ? await store.lockDevice(tx, id) : await store.findDevice(ctx.database.db, id);
  if (!row || (row.userId !== actor.id && !isAdmin(actor))) throw notFound('Device');
  return row;
}

/** `POST devices/enrollments`: a one-time code for the caller, as the link the QR carries. */
export async function createEnrollment(options: {
  ctx: RsspContext;
  actor: AuthUser;
}): Promise<Enrollment> {
  const { ctx, actor } = options;
  const { token: code, hash } = newLinkToken();
  const expiresAt = new Date(Date.now() + enrollmentTtlMinutes * 60_000);
  await store.deleteExpiredEnrollments(ctx.database.db, new Date(Date.now() - 86_400_000));
  await store.insertEnrollment(ctx.database.db, { codeHash: hash, userId: actor.id, expiresAt });
  const params = new URLSearchParams({ enroll: code, rssp: rsspApiUrlOf(ctx) });
  return {
    link: `${ctx.config.publicUrl}/authenticator#${params}`,
    expiresAt: expiresAt.toISOString(),
  };
}

const badCode = () =>
  new AppError('INVALID_REQUEST', 'The enrollment code is unknown, already used or expired');

/**
 * `POST devices`: the device completes enrollment with the one-time code and its public key
 * (a WebAuthn registration whose challenge is derived from the code, or an Ed25519 key). The code
 * is taken in the same transaction that stores the device, so it works once.
 */
export async function enrollDevice(options: {
  ctx: RsspContext;
  input: EnrollDevice;
}): Promise<EnrolledDevice> {
  const { ctx, input } = options;
  const rp = relyingPartyOf(ctx.config.publicUrl);
  const key =
    input.kind === 'KEY'
      ? { publicKey: readDevicePublicKey(input.publicKey), credentialId: null, counter: 0 }
      : await verifyRegistration({
          rp,
          response: input.registration,
          challengeText: enrollmentChallengeText(input.code),
        });
  const { token, hash: tokenHash } = newLinkToken();
  const codeHash = hashLinkToken(input.code);
  const enrollment = await store.findEnrollment(ctx.database.db, codeHash);
  const owner = enrollment ? await ctx.users.find(enrollment.userId) : null;
  if (!owner || owner.status !== 'ENABLED') throw badCode();
  const row = await ctx.database.db.transaction(async (tx) => {
    const userId = await store.takeEnrollment(tx, codeHash);
    if (userId !== owner.id) throw badCode();
    const inserted = await store.insertDevice(tx, {
      id: randomUUID(),
      userId,
      userName: owner.name,
      userEmail: owner.email,
      friendlyName: input.friendlyName,
      kind: input.kind,
      enabled: true,
      publicKey: key.publicKey,
      webauthnCredentialId: key.credentialId,
      webauthnCounter: key.counter,
      tokenHash,
    });
    await announce(ctx, 'DEVICE_CREATED', inserted, tx);
    return inserted;
  });
  return {
    device: toDevice(row),
    deviceToken: token,
    webauthnCredentialId: row.webauthnCredentialId,
    rpId: rp.rpId,
  };
}

export async function getDevice(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
}): Promise<Device> {
  return toDevice(await resolveDevice(options.ctx, options.actor, options.id));
}

async function page(
  ctx: RsspContext,
  query: OwnDeviceListQuery,
  userId: string | undefined,
): Promise<DevicePage> {
  const { rows, total } = await store.listDevices(ctx.database.db, {
    userId,
    q: query.q,
    offset: pageOffset(query),
    limit: query['page-size'],
    sortField: query['sort-field'],
    sortOrder: query['sort-order'],
  });
  return { content: rows.map(toDevice), total };
}

/** `GET devices/self`. */
export function listOwnDevices(options: {
  ctx: RsspContext;
  actor: AuthUser;
  query: OwnDeviceListQuery;
}): Promise<DevicePage> {
  return page(options.ctx, options.query, options.actor.id);
}

/** `GET devices` (admin; the route checks the role). */
export function listAllDevices(options: {
  ctx: RsspContext;
  query: DeviceListQuery;
}): Promise<DevicePage> {
  return page(options.ctx, options.query, options.query.userId);
}

/** `PUT devices/{id}`: the friendly name. */
export async function updateDevice(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
  input: UpdateDevice;
}): Promise<Device> {
  const { ctx, actor, id, input } = options;
  const row = await ctx.database.db.transaction(async (tx) => {
    await resolveDevice(ctx, actor, id, tx);
    const updated = await store.updateDevice(tx, id, { friendlyName: input.friendlyName });
    if (!updated) throw notFound('Device');
    await announce(ctx, 'DEVICE_UPDATED', updated, tx);
    return updated;
  });
  return toDevice(row);
}

/**
 * `DELETE devices/{id}`. Requests for approval are addressed to all of the owner's devices, so
 * while the owner has a pending one the device is refused with STILL_REFERENCED (decision 014):
 * it is answered (approved or denied) or left to expire first, never dropped silently.
 */
export async function deleteDevice(options: {
  ctx: RsspContext;
  actor: AuthUser;
  id: string;
}): Promise<void> {
  const { ctx, actor, id } = options;
  await ctx.database.db.transaction(async (tx) => {
    const row = await resolveDevice(ctx, actor, id, tx);
    const pending = await store.countPendingApprovals(tx, row.userId);
    if (pending > 0) {
      throw new AppError(
        'STILL_REFERENCED',
        `Device is still referenced from approvals (${pending} pending): approve, deny or let them expire first`,
      );
    }
    await store.deleteDevice(tx, id);
    await announce(ctx, 'DEVICE_DELETED', row, tx);
  });
}

/** Reads `Authorization: Device <token>`; the token itself, or null. */
export function deviceToken(header: string | undefined): string | null {
  const match = /^Device\s+([A-Za-z0-9_-]{43})\s*$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * The enabled device a device token names, for the device's own calls: UNAUTHORIZED without a
 * valid token (or for a disabled device), USER_SUSPENDED when its owner is suspended.
 */
export async function authenticateDevice(
  ctx: RsspContext,
  header: string | undefined,
): Promise<DeviceRow> {
  const token = deviceToken(header);
  if (!token) throw new AppError('UNAUTHORIZED', 'A device token is required');
  const row = await store.findDeviceByToken(ctx.database.db, hashLinkToken(token));
  if (!row || !row.enabled) throw new AppError('UNAUTHORIZED', 'Unknown or disabled device');
  const owner = await ctx.users.find(row.userId);
  if (!owner) throw new AppError('UNAUTHORIZED', 'Unknown or disabled device');
  if (owner.status === 'SUSPENDED')
    throw new AppError('USER_SUSPENDED', 'The account is suspended');
  return row;
}
