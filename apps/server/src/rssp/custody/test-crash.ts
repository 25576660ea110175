/** Points of opening a key where a test may have the process killed (SIGNET_TEST_CRASH_AT). */
export type KeyCrashPoint = 'kdf' | 'opened';

/** Read once; only under NODE_ENV=test (rdss-plugin.ts `testCrashPoint` does the same for the rDSS). */
const crashAt = process.env.NODE_ENV === 'test' ? process.env.SIGNET_TEST_CRASH_AT : undefined;

/**
 * Kills this process (SIGKILL) at `point` when a test asked for it: a key password counted and
 * its KDF started (`kdf`), or the key opened and not yet committed (`opened`). Never otherwise.
 */
export function crashForTest(point: KeyCrashPoint): void {
  if (crashAt === point) process.kill(process.pid, 'SIGKILL');
}
