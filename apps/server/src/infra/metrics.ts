import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventBus } from './database';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (served by the platform's `server/metrics`). */
    metrics: Registry;
  }
}

/**
 * Prometheus metrics of one app: the default process metrics plus a request counter and a
 * duration histogram labelled by method, route pattern (never the raw URL, which holds ids) and
 * status. Each app has its own registry, so tests can build several apps in one process.
 */
export function registerMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'signet_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'signet_http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.decorate('metrics', registry);
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}

/**
 * The event bus in the log and the metrics: a lost LISTEN connection is an error line and
 * `signet_event_bus_listening 0` until it is back; every event that could not be delivered is
 * logged and counted.
 */
export function monitorEventBus(app: FastifyInstance, events: EventBus): void {
  new Gauge({
    name: 'signet_event_bus_listening',
    help: '1 while the LISTEN connection of the event bus is up, 0 while it reconnects',
    registers: [app.metrics],
    collect() {
      this.set(events.isListening() ? 1 : 0);
    },
  });
  const losses = new Counter({
    name: 'signet_event_bus_connection_losses_total',
    help: 'LISTEN connections of the event bus lost (or failed attempts to reopen one)',
    registers: [app.metrics],
  });
  const failed = new Counter({
    name: 'signet_event_bus_failed_events_total',
    help: 'Events the bus could not deliver, by problem',
    labelNames: ['problem'] as const,
    registers: [app.metrics],
  });
  const unwatch = events.watch((report) => {
    if ('problem' in report) {
      failed.inc({ problem: report.problem });
      app.log.error(
        { err: report.error, problem: report.problem },
        'event bus: event not delivered',
      );
    } else if (report.listening) {
      app.log.warn('event bus: LISTEN connection restored');
    } else {
      losses.inc();
      app.log.error({ err: report.error }, 'event bus: LISTEN connection lost, reconnecting');
    }
  });
  app.addHook('onClose', async () => {
    unwatch();
  });
}
