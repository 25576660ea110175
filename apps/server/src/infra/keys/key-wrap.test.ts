import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyRingOf, KekError, loadKeyRing } from './kek';
import {
  unwrapWithKek,
  unwrapWithSecret,
  wrapWithKek,
  wrapWithSecret,
  wrappedKekId,
} from './key-wrap';

const ring = keyRingOf(randomBytes(32).toString('base64'));
const otherRing = keyRingOf(randomBytes(32).toString('base64'));
const secretKeyBytes = randomBytes(48);

describe('key wrapping', () => {
  it('wraps under the KEK with AES-256-GCM bound to its additional data', () => {
    const blob = wrapWithKek(ring, secretKeyBytes, 'credential|a|kek');
    expect(blob).not.toContain(secretKeyBytes.toString('base64'));
    expect(unwrapWithKek(ring, blob, 'credential|a|kek').equals(secretKeyBytes)).toBe(true);
    expect(() => unwrapWithKek(ring, blob, 'credential|b|kek')).toThrow(KekError);
    expect(() => unwrapWithKek(otherRing, blob, 'credential|a|kek')).toThrow(/not configured/);
    expect(wrappedKekId(blob)).toBe(ring.current.id);
  });

  it('wraps under HKDF(scrypt(secret) ‖ KEK): the wrong secret, or the right one without the KEK, does not open', async () => {
    const blob = await wrapWithSecret({
      ring,
      plaintext: secretKeyBytes,
      secret: '246810',
      aad: 'credential|a|password',
      logN: 14,
    });
    const opened = await unwrapWithSecret({
      ring,
      blob,
      secret: '246810',
      aad: 'credential|a|password',
    });
    expect(opened?.equals(secretKeyBytes)).toBe(true);
    expect(
      await unwrapWithSecret({ ring, blob, secret: '246811', aad: 'credential|a|password' }),
    ).toBeNull();
    expect(
      await unwrapWithSecret({ ring, blob, secret: '246810', aad: 'credential|b|password' }),
    ).toBeNull();
    // An attacker with the database but another KEK (here: the id forged) cannot test passwords.
    const forged = keyRingOf(randomBytes(32).toString('base64'));
    const impostor = {
      current: { ...forged.current, id: ring.current.id },
      find: () => ({ ...forged.current, id: ring.current.id }),
    };
    expect(
      await unwrapWithSecret({
        ring: impostor,
        blob,
        secret: '246810',
        aad: 'credential|a|password',
      }),
    ).toBeNull();
  });

  it('uses scrypt N = 2^17, r = 8, p = 1 by default cost, recorded in the blob', async () => {
    const started = Date.now();
    const blob = await wrapWithSecret({
      ring,
      plaintext: secretKeyBytes,
      secret: '123456789012',
      aad: 'x',
      logN: 17,
    });
    const elapsed = Date.now() - started;
    expect(JSON.parse(blob).kdf).toMatchObject({ logN: 17, r: 8, p: 1 });
    expect(elapsed).toBeGreaterThan(20);
    expect(
      (await unwrapWithSecret({ ring, blob, secret: '123456789012', aad: 'x' }))?.equals(
        secretKeyBytes,
      ),
    ).toBe(true);
  });
});

describe('key-encryption key', () => {
  it('creates DATA_DIR/kek.key with mode 0600 on first start and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'signet-kek-'));
    try {
      const first = loadKeyRing({
        dataDir,
        KEY_ENCRYPTION_KEY: undefined,
        KEY_ENCRYPTION_KEY_PREVIOUS: undefined,
      });
      const file = join(dataDir, 'kek.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
      const second = loadKeyRing({
        dataDir,
        KEY_ENCRYPTION_KEY: undefined,
        KEY_ENCRYPTION_KEY_PREVIOUS: undefined,
      });
      expect(second.current.id).toBe(first.current.id);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes the environment key, keeps retired keys for unwrapping, and refuses a key of the wrong size', () => {
    const current = randomBytes(32).toString('base64');
    const old = randomBytes(32).toString('base64');
    const rotated = loadKeyRing({
      dataDir: '/nonexistent',
      KEY_ENCRYPTION_KEY: current,
      KEY_ENCRYPTION_KEY_PREVIOUS: old,
    });
    const oldRing = keyRingOf(old);
    const blob = wrapWithKek(oldRing, secretKeyBytes, 'a');
    expect(unwrapWithKek(rotated, blob, 'a').equals(secretKeyBytes)).toBe(true);
    expect(wrappedKekId(wrapWithKek(rotated, secretKeyBytes, 'a'))).toBe(
      keyRingOf(current).current.id,
    );
    expect(() =>
      loadKeyRing({
        dataDir: '/x',
        KEY_ENCRYPTION_KEY: 'c2hvcnQ=',
        KEY_ENCRYPTION_KEY_PREVIOUS: undefined,
      }),
    ).toThrow(KekError);
  });
});
