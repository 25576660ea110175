import { describe, expect, it } from 'vitest';
import { eventSources } from './event-sources';

describe('where the browser reads events', () => {
  it('reads both services from one stream at the app origin on a default install', () => {
    const origin = 'http://localhost:8080';
    expect(
      eventSources({ rsspApiUrl: `${origin}/rssp`, rdssApiUrl: `${origin}/rdss` }, origin),
    ).toEqual([{ url: '/api/v1/events', streams: ['rssp', 'rdss'] }]);
    expect(eventSources({ rsspApiUrl: '', rdssApiUrl: '' }, origin)).toEqual([
      { url: '/api/v1/events', streams: ['rssp', 'rdss'] },
    ]);
  });

  it("reads a service deployed at another origin from that service's own stream", () => {
    expect(
      eventSources(
        {
          rsspApiUrl: 'https://keys.example.org/rssp',
          rdssApiUrl: 'https://signet.example.org/rdss',
        },
        'https://signet.example.org',
      ),
    ).toEqual([
      { url: '/api/v1/events', streams: ['rdss'] },
      { url: 'https://keys.example.org/rssp/v1/events', streams: ['rssp'] },
    ]);
  });
});
