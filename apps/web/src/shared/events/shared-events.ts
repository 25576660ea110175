import { signetEventSchema } from '@signet/contracts/events';
import type { SignetEvent } from '@signet/contracts/events';

/** The part of the Web Locks API the election uses (`navigator.locks`). */
export interface TabLocks {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<unknown>;
}

/** The part of `BroadcastChannel` the tabs talk over. */
export interface TabChannel {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface SharedEventsOptions {
  /**
   * Whose events these are (the signed-in identity): tabs of one key share one stream; a tab
   * signed in as someone else has its own.
   */
  key: string;
  /**
   * Opens the browser's event streams, in the leading tab only, and hands each event to
   * `deliver`; returns what closes them.
   */
  connect(deliver: (event: SignetEvent) => void): () => void;
  /** Every event, in every tab of the key. */
  onEvent(event: SignetEvent): void;
  /** `navigator.locks`; without it (an old browser) every tab reads its own streams. */
  locks: TabLocks | undefined;
  /** Opens a `BroadcastChannel`; without it every tab reads its own streams. */
  openChannel: ((name: string) => TabChannel) | undefined;
  /** The window: `pagehide` closes the streams; `pageshow` from the back-forward cache opens them. */
  page?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

export interface SharedEvents {
  /** Whether this tab reads the streams for the others (for tests and diagnostics). */
  isLeader(): boolean;
  close(): void;
}

/** The lock the tab that reads the streams holds, and the channel it repeats them on. */
export function sharedEventsName(key: string): string {
  return `signet-events:${key}`;
}

interface Membership {
  isLeader(): boolean;
  leave(): void;
}

/**
 * Joins the tabs of `key`: the tab that holds the lock reads the streams and repeats each event on
 * the channel; the others listen there and wait in the lock's queue, so when the leading tab
 * goes (closed, navigated, or hidden with `pagehide`) the next one opens the streams.
 */
function join(options: SharedEventsOptions): Membership {
  const { locks, openChannel } = options;
  if (!locks || !openChannel) {
    const close = options.connect(options.onEvent);
    return { isLeader: () => true, leave: close };
  }
  const name = sharedEventsName(options.key);
  const channel = openChannel(name);
  let left = false;
  let leading = false;
  let resign: (() => void) | undefined;
  channel.onmessage = (message) => {
    const parsed = signetEventSchema.safeParse(message.data);
    if (parsed.success && !left) options.onEvent(parsed.data);
  };
  const waiting = new AbortController();
  locks
    .request(name, { signal: waiting.signal }, async () => {
      if (left) return;
      leading = true;
      const close = options.connect((event) => {
        if (left) return;
        channel.postMessage(event);
        options.onEvent(event);
      });
      // The lock is held until this tab leaves; then the next tab in the queue gets it.
      await new Promise<void>((resolve) => (resign = resolve));
      leading = false;
      close();
    })
    .catch(() => {
      // Aborted while waiting: this tab left before it led.
    });
  return {
    isLeader: () => leading,
    leave() {
      if (left) return;
      left = true;
      waiting.abort();
      resign?.();
      channel.onmessage = null;
      channel.close();
    },
  };
}

/**
 * Shares one set of event streams among the tabs of one browser (decision 055): Chromium allows
 * six HTTP/1.1 connections per host, and two streams in every tab left none for the calls of a
 * third. The streams close on `pagehide` and open again if the page comes back.
 */
export function shareEventStreams(options: SharedEventsOptions): SharedEvents {
  let membership: Membership | undefined = join(options);
  const onPageHide = () => {
    membership?.leave();
    membership = undefined;
  };
  const onPageShow = (event: Event) => {
    if (!membership && (event as PageTransitionEvent).persisted) membership = join(options);
  };
  options.page?.addEventListener('pagehide', onPageHide);
  options.page?.addEventListener('pageshow', onPageShow);
  return {
    isLeader: () => membership?.isLeader() ?? false,
    close() {
      options.page?.removeEventListener('pagehide', onPageHide);
      options.page?.removeEventListener('pageshow', onPageShow);
      onPageHide();
    },
  };
}
