import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#infra/config';
import type { Database } from '#infra/database';
import type { KeyRing } from '#infra/keys';
import { checkCallbackUrl, CallbackUrlRefused } from './callback-address';
import { postCallback, type PostOutcome } from './callback-post';
import { openCallbackSecret } from './callback-secrets';
import {
  claimDueEvents,
  recordAttempt,
  removeOldDelivered,
  type ClaimedEvent,
} from './callback-store';

/**
 * Delivers the callbacks' outbox (decision 042) on every instance: due events are claimed with
 * `skip locked` and a lease (callback-store.ts), POSTed signed (callback-post.ts), and each
 * attempt recorded with its outcome; a failed one is retried with exponential backoff and
 * jitter until 24 hours after the event, then FAILED. Everything it knows is in the database,
 * so a restarted or another instance carries on where one stopped.
 */

/** Deliveries one instance runs at once. */
export const callbackConcurrency = 8;
/** A chain's next event goes no sooner than this after its previous one was delivered. */
export const callbackChainGapMs = 250;
/** The longest wait between two attempts. */
const maxRetryDelayMs = 3_600_000;
/** Removal of delivered events past their keeping time, this often. */
const cleanupEveryMs = 3_600_000;

/**
 * The wait after the `attempts`th failed attempt: `base` doubled each time, at most an hour,
 * then drawn between half and all of it, so receivers coming back are not hit by every
 * sender at the same moment.
 */
export function retryDelayMs(baseMs: number, attempts: number, random = Math.random): number {
  const full = Math.min(baseMs * 2 ** Math.min(attempts - 1, 30), maxRetryDelayMs);
  return Math.round(full * (0.5 + random() / 2));
}

export interface CallbackDelivery {
  /** Looks for due events now (a new event, an admin's retry) instead of at the next tick. */
  kick(): void;
  /** Stops looking and waits for the attempts under way. */
  stop(): Promise<void>;
}

/**
 * The key an event is signed with: its creator's own secret when they have one (decision 054),
 * else the server's. A secret that does not open (its KEK is gone) fails the attempt: falling
 * back to the server's would sign with a key the creator's receiver does not trust.
 */
function signingSecret(event: ClaimedEvent, ring: KeyRing, serverSecret: string): string | null {
  if (event.wrappedSecret === null || event.creatorId === null) return serverSecret;
  try {
    return openCallbackSecret(ring, event.creatorId, event.wrappedSecret);
  } catch {
    return null;
  }
}

export function startCallbackDelivery(options: {
  database: Database;
  config: Config;
  /** The server's secret (CALLBACK_SECRET), for creators without one of their own. */
  secret: string;
  ring: KeyRing;
  log: FastifyBaseLogger;
}): CallbackDelivery {
  const { database, config, secret, ring, log } = options;
  const db = database.db;
  const timeoutMs = config.CALLBACK_TIMEOUT_MS;
  // The lease covers the name lookup, the attempt and recording it, with room to spare.
  const leaseMs = timeoutMs + 30_000;
  const pollMs = Math.min(1_000, config.CALLBACK_RETRY_BASE_MS);
  const inFlight = new Set<Promise<void>>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastCleanup = 0;

  const attempt = async (event: ClaimedEvent): Promise<PostOutcome> => {
    const key = signingSecret(event, ring, secret);
    if (key === null) {
      const error = 'The creator’s callback secret does not open (key-encryption key)';
      return { ok: false, statusCode: null, error, durationMs: 0 };
    }
    try {
      // Resolved and checked again now: the address may have changed since the chain was made.
      const target = await checkCallbackUrl(event.url, {
        allowPrivate: config.CALLBACK_ALLOW_PRIVATE,
      });
      return await postCallback({
        target,
        body: JSON.stringify(event.payload),
        eventId: event.eventId,
        secret: key,
        timeoutMs,
      });
    } catch (error) {
      const reason = error instanceof CallbackUrlRefused ? error.message : 'Delivery failed';
      return { ok: false, statusCode: null, error: reason, durationMs: 0 };
    }
  };

  const deliver = async (event: ClaimedEvent) => {
    const outcome = await attempt(event);
    const delay = retryDelayMs(config.CALLBACK_RETRY_BASE_MS, event.attempts);
    const status = await recordAttempt(db, event, outcome, delay);
    // The event and chain ids, the attempt's status code or reason: never the URL or the secret.
    const line = {
      callbackEvent: event.eventId,
      chainId: event.chainId,
      attempt: event.attempts,
      statusCode: outcome.statusCode,
      error: outcome.error,
      outcome: status,
    };
    if (status === 'FAILED') log.warn(line, 'Callback delivery failed for good');
    else if (status === 'PENDING') log.info(line, 'Callback attempt failed; will retry');
    else log.debug(line, 'Callback delivered');
  };

  const claim = async () => {
    const free = callbackConcurrency - inFlight.size;
    if (free <= 0 || stopped) return;
    if (Date.now() - lastCleanup > cleanupEveryMs) {
      lastCleanup = Date.now();
      await removeOldDelivered(db);
    }
    const events = await claimDueEvents(db, {
      limit: free,
      leaseMs,
      chainGapMs: callbackChainGapMs,
    });
    for (const event of events) {
      const running: Promise<void> = deliver(event)
        .catch((error: unknown) => log.warn({ err: error }, 'Recording a callback attempt failed'))
        .finally(() => {
          inFlight.delete(running);
          kick();
        });
      inFlight.add(running);
    }
  };

  // One claim at a time per instance; a kick during one runs another right after it.
  function kick() {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = claim()
      .catch((error: unknown) => log.warn({ err: error }, 'Claiming callbacks failed'))
      .finally(() => {
        claiming = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const timer = setInterval(kick, pollMs);
  timer.unref();
  kick();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await claiming;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
