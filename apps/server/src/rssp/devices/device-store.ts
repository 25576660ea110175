import { and, asc, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus, deviceSortFields } from '@signet/contracts/devices';
import { type Db, type Tx, containing } from '#infra/database';
import { credentials } from '../records';
import {
  deviceApprovals,
  deviceEnrollments,
  devices,
  type ApprovalRow,
  type DeviceRow,
} from './device-table';

type Handle = Db | Tx;
export type DeviceSortField = (typeof deviceSortFields)[number];

// --- enrollments -------------------------------------------------------------------------------

export async function insertEnrollment(
  db: Handle,
  values: { codeHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(deviceEnrollments).values(values);
}

export async function findEnrollment(db: Handle, codeHash: string) {
  const [row] = await db
    .select()
    .from(deviceEnrollments)
    .where(eq(deviceEnrollments.codeHash, codeHash));
  return row;
}

/** Marks the code used if it is unused and unexpired; its user, or undefined. Works once. */
export async function takeEnrollment(db: Handle, codeHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(deviceEnrollments)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(deviceEnrollments.codeHash, codeHash),
        sql`${deviceEnrollments.usedAt} is null`,
        gt(deviceEnrollments.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: deviceEnrollments.userId });
  return row?.userId;
}

/** Drops the enrollment codes that expired before `before`. */
export async function deleteExpiredEnrollments(db: Handle, before: Date): Promise<void> {
  await db.delete(deviceEnrollments).where(lte(deviceEnrollments.expiresAt, before));
}

// --- devices -----------------------------------------------------------------------------------

export async function insertDevice(
  db: Handle,
  values: typeof devices.$inferInsert,
): Promise<DeviceRow> {
  const [row] = await db.insert(devices).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findDevice(db: Handle, id: string): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row;
}

export async function lockDevice(tx: Tx, id: string): Promise<DeviceRow | undefined> {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
  return row;
}

export async function findDeviceByToken(
  db: Handle,
  tokenHash: string,
): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.tokenHash, tokenHash));
  return row;
}

export async function countEnabledDevices(db: Handle, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.enabled, true)));
  return row?.n ?? 0;
}

export interface DeviceListOptions {
  userId: string | undefined;
  q: string | undefined;
  offset: number;
  limit: number;
  sortField: DeviceSortField;
  sortOrder: 'asc' | 'desc';
}

export async function listDevices(
  db: Handle,
  options: DeviceListOptions,
): Promise<{ rows: DeviceRow[]; total: number }> {
  const term = options.q?.trim();
  const pattern = term ? containing(term) : undefined;
  const where = and(
    options.userId ? eq(devices.userId, options.userId) : undefined,
    pattern
      ? sql`lower(${devices.friendlyName} || ' ' || ${devices.userEmail} || ' ' || ${devices.userName}) like lower(${pattern})`
      : undefined,
  );
  const dir = options.sortOrder === 'asc' ? asc : desc;
  const column: SQL | typeof devices.createdAt = {
    friendlyName: sql`lower(${devices.friendlyName})`,
    createdAt: devices.createdAt,
    email: sql`lower(${devices.userEmail})`,
  }[options.sortField];
  const rows = await db
    .select()
    .from(devices)
    .where(where)
    .orderBy(dir(column), dir(devices.createdAt), dir(devices.id))
    .offset(options.offset)
    .limit(options.limit);
  const [total] = await db.select({ n: count() }).from(devices).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function updateDevice(
  db: Handle,
  id: string,
  values: Partial<Pick<DeviceRow, 'friendlyName' | 'lastUsedAt' | 'webauthnCounter'>>,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .update(devices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(devices.id, id))
    .returning();
  return row;
}

/** Removes every device and enrollment code of a deleted user (their approvals go with their keys). */
export async function deleteDevicesOfUser(db: Handle, userId: string): Promise<void> {
  await db.delete(devices).where(eq(devices.userId, userId));
  await db.delete(deviceEnrollments).where(eq(deviceEnrollments.userId, userId));
}

export async function deleteDevice(db: Handle, id: string): Promise<void> {
  await db.delete(devices).where(eq(devices.id, id));
}

// --- approvals ---------------------------------------------------------------------------------

export async function insertApproval(
  db: Handle,
  values: typeof deviceApprovals.$inferInsert,
): Promise<ApprovalRow> {
  const [row] = await db.insert(deviceApprovals).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findApproval(db: Handle, id: string): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(deviceApprovals).where(eq(deviceApprovals.id, id));
  return row;
}

export async function lockApproval(tx: Tx, id: string): Promise<ApprovalRow | undefined> {
  const [row] = await tx
    .select()
    .from(deviceApprovals)
    .where(eq(deviceApprovals.id, id))
    .for('update');
  return row;
}

/** A pending approval with what the device shows: the credential and its owner. */
export type PendingApprovalRow = ApprovalRow & {
  credentialDescription: string;
  userName: string;
  userEmail: string;
};

/** The user's unexpired PENDING requests, oldest first. */
export async function pendingApprovalsOf(
  db: Handle,
  userId: string,
): Promise<PendingApprovalRow[]> {
  const rows = await db
    .select({
      approval: deviceApprovals,
      credentialDescription: credentials.description,
      userName: credentials.userName,
      userEmail: credentials.userEmail,
    })
    .from(deviceApprovals)
    .innerJoin(credentials, eq(credentials.id, deviceApprovals.credentialId))
    .where(
      and(
        eq(deviceApprovals.userId, userId),
        eq(deviceApprovals.status, 'PENDING'),
        gt(deviceApprovals.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(deviceApprovals.createdAt), asc(deviceApprovals.id));
  return rows.map(({ approval, ...shown }) => ({ ...approval, ...shown }));
}

export async function countPendingApprovals(db: Handle, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deviceApprovals)
    .where(
      and(
        eq(deviceApprovals.userId, userId),
        eq(deviceApprovals.status, 'PENDING'),
        gt(deviceApprovals.expiresAt, sql`now()`),
      ),
    );
  return row?.n ?? 0;
}

/** Moves the approval from `from` to `values.status`; the row, or undefined if it was not in `from`. */
export async function moveApproval(
  db: Handle,
  id: string,
  from: ApprovalStatus,
  values: Partial<Pick<ApprovalRow, 'status' | 'deviceId' | 'decidedAt' | 'usedAt'>>,
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .update(deviceApprovals)
    .set(values)
    .where(and(eq(deviceApprovals.id, id), eq(deviceApprovals.status, from)))
    .returning();
  return row;
}
