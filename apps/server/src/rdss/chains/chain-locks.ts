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
  /** Whether a signer holds (or waits for) `key` now: a signing of that chain is under way. */
  isHeld(key: string): boolean;
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
    isHeld: (key) => tails.has(key),
  };
}
