import { describe, expect, it } from 'vitest';
import { approvalPayload, friendlyNameSchema, readEnrollmentLink } from './devices';

const code = 'A'.repeat(43);
const request = {
  id: '00000000-0000-4000-8000-000000000001',
  purpose: 'SIGN' as const,
  credentialId: '00000000-0000-4000-8000-000000000002',
  hashAlgorithm: 'sha256',
  hashes: ['aGFzaCBvbmU=', 'aGFzaCB0d28='],
  expiresAt: '2026-11-25T10:00:00.000Z',
};

describe('device contracts', () => {
  it('reads the service and the one-time code from an enrollment link, and nothing else', () => {
    const rssp = 'https://signet.example.com/rssp';
    const link = `https://signet.example.com/authenticator#enroll=${code}&rssp=${encodeURIComponent(rssp)}`;
    expect(readEnrollmentLink(link)).toEqual({ code, rsspApiUrl: rssp });
    expect(readEnrollmentLink(`https://x/authenticator#enroll=short&rssp=${rssp}`)).toBeNull();
    expect(readEnrollmentLink(`https://x/authenticator#enroll=${code}`)).toBeNull();
    expect(readEnrollmentLink('not a link')).toBeNull();
  });

  it('binds the request, the decision, the credential, every hash in order and the expiry', () => {
    const payload = approvalPayload(request, 'APPROVE');
    expect(approvalPayload({ ...request }, 'APPROVE')).toBe(payload);
    for (const other of [
      approvalPayload(request, 'DENY'),
      approvalPayload({ ...request, id: '00000000-0000-4000-8000-000000000003' }, 'APPROVE'),
      approvalPayload({ ...request, credentialId: request.id }, 'APPROVE'),
      approvalPayload({ ...request, hashes: [...request.hashes].reverse() }, 'APPROVE'),
      approvalPayload({ ...request, hashes: request.hashes.slice(1) }, 'APPROVE'),
      approvalPayload({ ...request, expiresAt: '2026-11-25T10:00:01.000Z' }, 'APPROVE'),
      approvalPayload({ ...request, purpose: 'ACTIVATE' }, 'APPROVE'),
    ]) {
      expect(other).not.toBe(payload);
    }
    // The same instant written another way is the same expiry.
    expect(approvalPayload({ ...request, expiresAt: '2026-11-25T11:00:00+01:00' }, 'APPROVE')).toBe(
      payload,
    );
  });

  it('takes a device name of 4 to 255 characters (spec platform §5)', () => {
    expect(friendlyNameSchema.safeParse('abc').success).toBe(false);
    expect(friendlyNameSchema.safeParse('   ').success).toBe(false);
    expect(friendlyNameSchema.safeParse('abcd').success).toBe(true);
    expect(friendlyNameSchema.safeParse('x'.repeat(256)).success).toBe(false);
  });
});
