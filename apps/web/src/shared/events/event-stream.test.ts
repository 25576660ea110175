import type { SignetEvent } from '@signet/contracts/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectEventStream } from './event-stream';

function streamResponse(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const heartbeat = (time: string) =>
  `event: HEARTBEAT\ndata: ${JSON.stringify({ name: 'HEARTBEAT', stream: 'rssp', userId: null, payload: {}, time })}\n\n`;

describe('connectEventStream', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the bearer token, delivers parsed events and reconnects after the end', async () => {
    const events: SignetEvent[] = [];
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      streamResponse([heartbeat('t1').slice(0, 20), heartbeat('t1').slice(20), ': ping\n\n']),
    );
    const onDisconnect = vi.fn();
    const connection = connectEventStream({
      url: '/rssp/v1/events',
      streams: ['rssp'],
      getAccessToken: () => 'tok',
      renewAccessToken: async () => undefined,
      onEvent: (event) => events.push(event),
      onDisconnect,
      fetch,
    });
    await vi.waitFor(() => expect(onDisconnect).toHaveBeenCalledTimes(1));
    connection.close();
    expect(events.map((e) => [e.name, e.time])).toEqual([['HEARTBEAT', 't1']]);
    const init = fetch.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(onDisconnect.mock.calls[0]?.[0]).toBeGreaterThanOrEqual(800);
  });

  it('passes on only the events of the services it was opened for', async () => {
    const rdss = (marker: string) =>
      `event: DEVICE_CREATED\ndata: ${JSON.stringify({ name: 'DEVICE_CREATED', stream: 'rdss', userId: null, payload: { marker }, time: 't' })}\n\n`;
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      streamResponse([heartbeat('t0'), rdss('other service')]),
    );
    const events: SignetEvent[] = [];
    const onDisconnect = vi.fn();
    const connection = connectEventStream({
      url: '/api/v1/events',
      streams: ['rssp'],
      getAccessToken: () => 'tok',
      renewAccessToken: async () => undefined,
      onEvent: (event) => events.push(event),
      onDisconnect,
      fetch,
    });
    await vi.waitFor(() => expect(onDisconnect).toHaveBeenCalledTimes(1));
    connection.close();
    expect(events.map((e) => [e.name, e.stream])).toEqual([['HEARTBEAT', 'rssp']]);
  });

  it('renews the token once when the stream is refused with 401', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response('', { status: 401 }))
      .mockResolvedValueOnce(streamResponse([heartbeat('t2')]));
    const events: SignetEvent[] = [];
    const renew = vi.fn(async () => 'fresh');
    const onDisconnect = vi.fn();
    const connection = connectEventStream({
      url: '/rssp/v1/events',
      streams: ['rssp'],
      getAccessToken: () => 'stale',
      renewAccessToken: renew,
      onEvent: (event) => events.push(event),
      onDisconnect,
      fetch,
    });
    await vi.waitFor(() => expect(onDisconnect).toHaveBeenCalled());
    connection.close();
    expect(renew).toHaveBeenCalledTimes(1);
    const second = fetch.mock.calls[1]?.[1];
    expect((second?.headers as Record<string, string>).Authorization).toBe('Bearer fresh');
    expect(events).toHaveLength(1);
  });

  it('reconnects with the renewed token within a second when the server ends the stream at its token expiry', async () => {
    vi.useFakeTimers();
    let token = 'first';
    const fetch = vi.fn<typeof globalThis.fetch>(async () => streamResponse([heartbeat('t3')]));
    const connection = connectEventStream({
      url: '/rssp/v1/events',
      streams: ['rssp'],
      getAccessToken: () => token,
      renewAccessToken: async () => undefined,
      onEvent: () => undefined,
      fetch,
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // The web app's silent renew has replaced the token by the time the old one expires.
    token = 'renewed';
    await vi.advanceTimersByTimeAsync(1_000);
    connection.close();
    expect(fetch).toHaveBeenCalledTimes(2);
    const second = fetch.mock.calls[1]?.[1];
    expect((second?.headers as Record<string, string>).Authorization).toBe('Bearer renewed');
  });

  it('stops reconnecting once closed', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn<typeof globalThis.fetch>(async () => streamResponse([]));
    const onDisconnect = vi.fn();
    const connection = connectEventStream({
      url: '/rssp/v1/events',
      streams: ['rssp'],
      getAccessToken: () => undefined,
      renewAccessToken: async () => undefined,
      onEvent: () => undefined,
      onDisconnect,
      fetch,
    });
    await vi.waitFor(() => expect(onDisconnect).toHaveBeenCalledTimes(1));
    connection.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
