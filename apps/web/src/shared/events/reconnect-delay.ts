/**
 * Wait before reconnect attempt `attempt` (0-based): 1 s doubling up to 30 s, with up to 20 %
 * jitter so that many clients do not reconnect in step after a server restart.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * random()));
}
