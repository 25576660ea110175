import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '#infra/config';

/** One key-encryption key and its id (a fingerprint that reveals nothing about the key). */
export interface Kek {
  id: string;
  key: Buffer;
}

/** The current key-encryption key, which wraps everything new, and retired ones for unwrapping. */
export interface KeyRing {
  current: Kek;
  find(id: string): Kek | undefined;
}

export class KekError extends Error {}

function toKek(base64: string, source: string): Kek {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== 32) throw new KekError(`${source} must be the base64 of exactly 32 bytes`);
  // The label predates the move from the rSSP to infra; ids already stored depend on it.
  const id = createHmac('sha256', key).update('signet-rssp-kek-id').digest('hex').slice(0, 16);
  return { id, key };
}

/**
 * Reads the KEK file, or creates it (32 random bytes, base64, mode 0600) when it does not exist.
 * `wx` makes two instances starting together agree on one key.
 */
function readOrCreateKekFile(dataDir: string): string {
  const path = join(dataDir, 'kek.key');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return readFileSync(path, 'utf8');
}

/**
 * The key ring from configuration: `KEY_ENCRYPTION_KEY` when set, otherwise `DATA_DIR/kek.key`
 * (created on first start); `KEY_ENCRYPTION_KEY_PREVIOUS` lists retired keys during a rotation.
 */
export function loadKeyRing(
  config: Pick<Config, 'KEY_ENCRYPTION_KEY' | 'KEY_ENCRYPTION_KEY_PREVIOUS' | 'dataDir'>,
): KeyRing {
  const current = config.KEY_ENCRYPTION_KEY
    ? toKek(config.KEY_ENCRYPTION_KEY, 'KEY_ENCRYPTION_KEY')
    : toKek(readOrCreateKekFile(config.dataDir), join(config.dataDir, 'kek.key'));
  const previous = (config.KEY_ENCRYPTION_KEY_PREVIOUS ?? '')
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((s) => toKek(s, 'KEY_ENCRYPTION_KEY_PREVIOUS'));
  const all = new Map([current, ...previous].map((k) => [k.id, k]));
  return { current, find: (id) => all.get(id) };
}

/** A key ring around one given key (tests, tools). */
export function keyRingOf(base64: string): KeyRing {
  const current = toKek(base64, 'key');
  return { current, find: (id) => (id === current.id ? current : undefined) };
}
