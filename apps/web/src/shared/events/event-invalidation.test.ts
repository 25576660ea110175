import { describe, expect, it } from 'vitest';
import { queryKeys } from '../api/query-keys';
import { queryKeysForEvent } from './event-invalidation';

describe('queryKeysForEvent', () => {
  it('maps chain, device and credential events to their feature roots', () => {
    expect(queryKeysForEvent('SIGNATURE_CHAIN_UPDATED')).toContainEqual(queryKeys.signatureChains);
    expect(queryKeysForEvent('SIGNATURE_CHAIN_CREATED')).toContainEqual(queryKeys.currentUserStats);
    expect(queryKeysForEvent('DEVICE_DELETED')).toEqual([queryKeys.devices]);
    expect(queryKeysForEvent('CREDENTIAL_UPDATED')).toEqual([queryKeys.credentials]);
  });

  it('invalidates nothing for connection events', () => {
    expect(queryKeysForEvent('HEARTBEAT')).toEqual([]);
    expect(queryKeysForEvent('LOGOUT')).toEqual([]);
  });
});
