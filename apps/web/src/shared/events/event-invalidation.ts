import type { EventName } from '@signet/contracts/events';
import { queryKeys } from '../api/query-keys';

const chainKeys = [queryKeys.signatureChains, queryKeys.documents, queryKeys.currentUserStats];

/** Which query roots an event makes stale (spec platform §4: device events refresh devices…). */
export const eventInvalidations: Readonly<
  Partial<Record<EventName, readonly (readonly string[])[]>>
> = {
  SIGNATURE_CHAIN_CREATED: chainKeys,
  SIGNATURE_CHAIN_UPDATED: chainKeys,
  SIGNATURE_CHAIN_DELETED: chainKeys,
  SIGNATURE_CHAIN_WITHDRAWN: chainKeys,
  DEVICE_CREATED: [queryKeys.devices],
  DEVICE_UPDATED: [queryKeys.devices],
  DEVICE_DELETED: [queryKeys.devices],
  CREDENTIAL_UPDATED: [queryKeys.credentials],
};

export function queryKeysForEvent(name: EventName): readonly (readonly string[])[] {
  return eventInvalidations[name] ?? [];
}
