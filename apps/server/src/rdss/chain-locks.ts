/**
 * In-process turns per chain: signers of one chain on one server take turns from reading its
 * latest revision to committing the next, so nobody prepares on a stale revision and nobody waits
 * in a database transaction while a key password's KDF runs. Across server instances the
 * revision's unique sequence number catches the rare race and the loser prepares again
 * (sign-service.ts, docs/decisions/012-signed-revisions.md).
 */
export interface ChainLocks {
  /** Runs `task` holding every key (taken in sorted order, so two calls never deadlock). */
  run<T>(keys: readonly string[], task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` holding `key` when nobody holds it now (nobody else waits meanwhile: signers
   * that come take turns after it); null without running it when a signing holds it.
   */
  runIfFree<T>(key: string, task: () => Promise<T>): Promise<T> | null;
}

export function createChainLocks(): ChainLocks {
  const tails = new Map<string, Promise<void>>();

  async function acquire(key: string): Promise<() => void> {
    const before = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => mine);
    tails.set(key, tail);
    await before;
    return () => {
      release();
      // The last in line leaves no entry behind.
      if (tails.get(key) === tail) tails.delete(key);
    };
  }

  async function run<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await acquire(key));
      return await task();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  return {
    run,
    // `acquire` notes its turn before its first await, so nobody takes the key in between.
    runIfFree: (key, task) => (tails.has(key) ? null : run([key], task)),
  };
}
