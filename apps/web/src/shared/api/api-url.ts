import type { RemoteConfig } from '@signet/contracts/server';

type ServiceBaseUrls = Pick<RemoteConfig, 'rsspApiUrl' | 'rdssApiUrl'>;

function trimBase(base: string, service: 'rssp' | 'rdss'): string {
  return base.replace(/\/+$/, '').replace(new RegExp(`/${service}$`), '');
}

/**
 * Resolves a service path (`/api/v1/...`, `/rssp/v1/...`, `/rdss/v1/...`) against the base URLs
 * of the remote config. `/api` is always the app's own origin; the rSSP and rDSS bases may be
 * empty (same origin), an origin, or an origin ending with the service prefix.
 */
export function resolveApiUrl(path: string, config: ServiceBaseUrls): string {
  if (path.startsWith('/rssp/') && config.rsspApiUrl) {
    return trimBase(config.rsspApiUrl, 'rssp') + path;
  }
  if (path.startsWith('/rdss/') && config.rdssApiUrl) {
    return trimBase(config.rdssApiUrl, 'rdss') + path;
  }
  return path;
}

export type QueryValue = string | number | boolean | null | undefined;

/** Appends the defined query parameters to a URL. */
export function withQuery(url: string, query?: Record<string, QueryValue>): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  if (!text) return url;
  return url + (url.includes('?') ? '&' : '?') + text;
}
