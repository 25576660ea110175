import type { SignetEvent } from '@signet/contracts/events';
import { afterEach, describe, expect, it } from 'vitest';
import { shareEventStreams } from './shared-events';
import type { SharedEvents, TabLocks } from './shared-events';

/**
 * The Web Locks API as a browser keeps it for its tabs (Node has none): an exclusive lock per
 * name, granted in request order; a request still waiting when its signal aborts is rejected,
 * and a held lock goes to the next request once the holder's callback settles.
 */
function browserLocks(): TabLocks {
  const queues = new Map<string, (() => void)[]>();
  const held = new Set<string>();
  const grantNext = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };
  return {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const run = () => {
          held.add(name);
          callback()
            .then(resolve, reject)
            .finally(() => grantNext(name));
        };
        if (!held.has(name)) {
          run();
          return;
        }
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        queue.push(run);
        options.signal?.addEventListener('abort', () => {
          const index = queue.indexOf(run);
          if (index < 0) return;
          queue.splice(index, 1);
          reject(new DOMException('The request was aborted', 'AbortError'));
        });
      });
    },
  };
}

const event = (name: SignetEvent['name'], marker: string): SignetEvent => ({
  name,
  stream: 'rdss',
  userId: 'u1',
  payload: { marker },
  time: new Date(0).toISOString(),
});

/** A browser tab: its page, what it heard, and its side of the server connection if it leads. */
interface Tab {
  page: EventTarget;
  heard: string[];
  shared: SharedEvents;
  /** Hands an event to the stream this tab opened; throws if it opened none. */
  serverSends(event: SignetEvent): void;
  readonly opened: number;
  readonly closed: number;
}

const tabs: Tab[] = [];

function openTab(locks: TabLocks | undefined, key = 'issuer alice'): Tab {
  const page = new EventTarget();
  let deliver: ((event: SignetEvent) => void) | undefined;
  const counts = { opened: 0, closed: 0 };
  const heard: string[] = [];
  const shared = shareEventStreams({
    key,
    connect: (handOn) => {
      counts.opened += 1;
      deliver = handOn;
      return () => {
        counts.closed += 1;
        deliver = undefined;
      };
    },
    onEvent: (event) => heard.push(String(event.payload.marker)),
    locks,
    openChannel: (name) => new BroadcastChannel(name),
    page,
  });
  const tab: Tab = {
    page,
    heard,
    shared,
    get opened() {
      return counts.opened;
    },
    get closed() {
      return counts.closed;
    },
    serverSends: (sent) => {
      if (!deliver) throw new Error('this tab holds no stream');
      deliver(sent);
    },
  };
  tabs.push(tab);
  return tab;
}

/** Until the lock's grants and the channel's messages (a task away in Node too) have gone round. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.shared.close();
});

describe('one event stream for all tabs of a browser', () => {
  it('lets the first tab read the streams and repeats each event to the other tabs', async () => {
    const locks = browserLocks();
    const [first, second, third] = [openTab(locks), openTab(locks), openTab(locks)];
    await settle();
    expect([first.opened, second.opened, third.opened]).toEqual([1, 0, 0]);
    expect([first, second, third].map((tab) => tab.shared.isLeader())).toEqual([
      true,
      false,
      false,
    ]);

    first.serverSends(event('SIGNATURE_CHAIN_CREATED', 'created'));
    first.serverSends(event('HEARTBEAT', 'beat'));
    await settle();
    for (const tab of [first, second, third]) expect(tab.heard).toEqual(['created', 'beat']);
  });

  it('hands the streams to a waiting tab when the leading one hides its page, and events go on', async () => {
    const locks = browserLocks();
    const [first, second, third] = [openTab(locks), openTab(locks), openTab(locks)];
    await settle();

    first.page.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(first.closed).toBe(1);
    expect([second.opened, third.opened]).toEqual([1, 0]);
    expect(second.shared.isLeader()).toBe(true);

    second.serverSends(event('SIGNATURE_CHAIN_UPDATED', 'after'));
    await settle();
    expect([first.heard, second.heard, third.heard]).toEqual([[], ['after'], ['after']]);
  });

  it('joins again when a hidden page comes back from the back-forward cache', async () => {
    const locks = browserLocks();
    const [first, second] = [openTab(locks), openTab(locks)];
    await settle();
    first.page.dispatchEvent(new Event('pagehide'));
    // A page shown anew (not from the cache) was never hidden: nothing changes.
    first.page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await settle();
    expect([first.shared.isLeader(), second.shared.isLeader()]).toEqual([false, true]);

    second.serverSends(event('DEVICE_CREATED', 'back'));
    await settle();
    expect(first.heard).toEqual(['back']);

    second.shared.close();
    await settle();
    expect([first.opened, first.shared.isLeader()]).toEqual([2, true]);
  });

  it('gives tabs signed in as someone else their own stream, and tells them nothing of the others', async () => {
    const locks = browserLocks();
    const alice = openTab(locks, 'issuer alice');
    const bob = openTab(locks, 'issuer bob');
    await settle();
    expect([alice.opened, bob.opened]).toEqual([1, 1]);
    alice.serverSends(event('SIGNATURE_CHAIN_CREATED', 'for alice'));
    await settle();
    expect(bob.heard).toEqual([]);
  });

  it('ignores what is not an event on the channel', async () => {
    const locks = browserLocks();
    const [first, second] = [openTab(locks), openTab(locks)];
    await settle();
    const stranger = new BroadcastChannel('signet-events:issuer alice');
    stranger.postMessage({ name: 'NOT_AN_EVENT' });
    stranger.postMessage('text');
    first.serverSends(event('DEVICE_UPDATED', 'real'));
    await settle();
    stranger.close();
    expect(second.heard).toEqual(['real']);
  });

  it('reads its own streams in a browser without Web Locks', async () => {
    const [first, second] = [openTab(undefined), openTab(undefined)];
    await settle();
    expect([first.opened, second.opened]).toEqual([1, 1]);
    first.page.dispatchEvent(new Event('pagehide'));
    expect(first.closed).toBe(1);
  });
});
