import type { FastifyBaseLogger } from 'fastify';
import type { ChainContext } from '../chains';
import { expireDueChains } from './chain-expiry';
import { sendDueReminders } from './chain-reminders';

/** How often the chains are swept for due dates and automatic reminders. */
export const chainSweepEveryMs = 60_000;

/**
 * Expires chains past their due date and sends the automatic reminders (REMINDER_DAYS) every
 * minute, on every instance: the sweeps lock what they take with `skip locked`, so instances
 * never do the same chain twice (decision 028). Answers the function that stops it, which waits
 * for a sweep under way.
 */
export function startChainSweeps(ctx: ChainContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const sweep = async () => {
    const expired = await expireDueChains(ctx);
    const reminded = await sendDueReminders(ctx);
    if (expired.length > 0 || reminded > 0) {
      log.info({ expiredChains: expired.length, reminders: reminded }, 'Swept signature chains');
    }
  };
  const timer = setInterval(() => {
    running = running
      .then(sweep)
      .catch((error: unknown) => log.warn({ err: error }, 'Sweeping signature chains failed'));
  }, chainSweepEveryMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
