import { signetEventSchema } from '@signet/contracts/events';
import type { EventStream, SignetEvent } from '@signet/contracts/events';
import { reconnectDelay } from './reconnect-delay';
import { createSseParser } from './sse-parser';

export interface EventStreamOptions {
  /** Absolute or same-origin URL of the stream (`/api/v1/events`, `/rssp/v1/events`). */
  url: string;
  /**
   * The services whose events the stream carries: others are dropped, and an event whose data
   * is not a full SignetEvent is taken as the first's.
   */
  streams: readonly [EventStream, ...EventStream[]];
  getAccessToken(): string | undefined;
  /** Called when the server refuses the token (401/403); resolves to a fresh one or undefined. */
  renewAccessToken(): Promise<string | undefined>;
  onEvent(event: SignetEvent): void;
  /** The response arrived and the stream is open. */
  onOpen?(): void;
  /** The stream ended or failed; a reconnect follows after `retryInMs`. */
  onDisconnect?(retryInMs: number): void;
  fetch?: typeof fetch;
}

export interface EventStreamConnection {
  close(): void;
}

class StreamRefusedError extends Error {
  constructor(readonly status: number) {
    super(`Event stream refused with HTTP ${status}`);
  }
}

function parseEvent(stream: EventStream, name: string, data: string): SignetEvent | null {
  try {
    const parsed = signetEventSchema.safeParse(JSON.parse(data));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through to the name-only event below.
  }
  const named = signetEventSchema.shape.name.safeParse(name);
  return named.success
    ? { name: named.data, stream, userId: null, payload: {}, time: new Date().toISOString() }
    : null;
}

/**
 * Reads a server-sent event stream with fetch (so the bearer token goes in a header) and keeps it
 * open: after an error or the end of the stream it reconnects with backoff until closed.
 */
export function connectEventStream(options: EventStreamOptions): EventStreamConnection {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const controller = new AbortController();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const readOnce = async (token: string | undefined) => {
    const response = await doFetch(options.url, {
      headers: {
        Accept: 'text/event-stream',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new StreamRefusedError(response.status);
    attempt = 0;
    options.onOpen?.();
    const parser = createSseParser(({ event, data }) => {
      const parsed = parseEvent(options.streams[0], event, data);
      if (parsed && options.streams.includes(parsed.stream)) options.onEvent(parsed);
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.push(value);
    }
  };

  const run = async () => {
    try {
      await readOnce(options.getAccessToken());
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof StreamRefusedError && (error.status === 401 || error.status === 403)) {
        const fresh = await options.renewAccessToken().catch(() => undefined);
        if (fresh && !controller.signal.aborted) {
          try {
            await readOnce(fresh);
          } catch {
            // Handled by the reconnect below.
          }
        }
      }
    }
    if (controller.signal.aborted) return;
    const wait = reconnectDelay(attempt++);
    options.onDisconnect?.(wait);
    timer = setTimeout(() => void run(), wait);
  };

  void run();

  return {
    close() {
      controller.abort();
      if (timer) clearTimeout(timer);
    },
  };
}
