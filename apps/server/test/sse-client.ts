import type { SignetEvent } from '@signet/contracts/events';

/** A server-sent event stream read with fetch, as the web app reads it. */
export interface SseClient {
  response: Response;
  /** Every event received so far. */
  events: SignetEvent[];
  /** Waits for the next event (after those already taken) matching `predicate`. */
  next(predicate: (event: SignetEvent) => boolean, timeoutMs?: number): Promise<SignetEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SignetEvent[] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  let failure = 'the server ended it';

  const ended = (async () => {
    if (!response.ok || !response.body) {
      // close() may abort the body's read before it is in: the status alone says enough.
      const body = await response.text().catch(() => '(not read)');
      failure = `HTTP ${response.status} ${body}`;
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as SignetEvent);
          for (const wake of waiters) wake();
        }
      }
    } catch (error) {
      // close() aborts the read; anything else is worth a message.
      failure = `the read failed: ${String(error)} (${String((error as Error).cause)})`;
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  let isEnded = false;
  void ended.then(() => (isEnded = true));

  return {
    response,
    events,
    ended,
    next(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        // A settled call must never look at events again: they belong to the next call.
        let settled = false;
        const settle = (finish: () => void) => {
          settled = true;
          clearTimeout(timer);
          waiters.delete(check);
          finish();
        };
        const check = () => {
          if (settled) return;
          while (taken < events.length) {
            const event = events[taken++]!;
            if (predicate(event)) return settle(() => resolve(event));
          }
          if (isEnded) {
            const seen = events.map((e) => e.name).join(', ');
            settle(() => reject(new Error(`the stream ended: ${failure}; events: ${seen}`)));
          }
        };
        const timer = setTimeout(
          () => settle(() => reject(new Error(`no matching event within ${timeoutMs} ms`))),
          timeoutMs,
        );
        waiters.add(check);
        void ended.then(() => setImmediate(check));
        check();
      });
    },
    close: () => controller.abort(),
  };
}
