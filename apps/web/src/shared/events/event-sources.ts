import type { EventStream } from '@signet/contracts/events';
import type { RemoteConfig } from '@signet/contracts/server';
import { resolveApiUrl } from '../api/api-url';

/** One event stream the browser reads, and the services whose events it carries. */
export interface StreamSource {
  url: string;
  streams: [EventStream, ...EventStream[]];
}

const services: readonly EventStream[] = ['rssp', 'rdss'];

/** The app's own stream of both services (decision 055). */
export const combinedEventsPath = '/api/v1/events';

/**
 * Where the browser reads events: the services served from the app's own origin share one
 * stream (`/api/v1/events`); a service deployed at another origin keeps its own (`/v1/events`
 * under its API URL). So a browser holds one stream per origin, one in all on a default install.
 */
export function eventSources(
  config: Pick<RemoteConfig, 'rsspApiUrl' | 'rdssApiUrl'>,
  appOrigin: string,
): StreamSource[] {
  const own: EventStream[] = [];
  const apart: StreamSource[] = [];
  for (const stream of services) {
    const url = resolveApiUrl(`/${stream}/v1/events`, config);
    if (new URL(url, appOrigin).origin === appOrigin) own.push(stream);
    else apart.push({ url, streams: [stream] });
  }
  const [first, ...rest] = own;
  return first ? [{ url: combinedEventsPath, streams: [first, ...rest] }, ...apart] : apart;
}
