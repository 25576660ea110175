import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import type { EventStream, SignetEvent } from '@signet/contracts/events';
import type { AppContext } from '../app-context';
import { AppError } from '../app-error';
import { authenticate } from './auth';

/** A client that reads slower than this many buffered bytes is dropped (it reconnects). */
const maxBufferedBytes = 1024 * 1024;
/** The longest delay setTimeout takes (about 24.8 days). */
const maxTimerMs = 2 ** 31 - 1;

function frame(event: SignetEvent): string {
  return `event: ${event.name}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The headers set so far (security headers from onRequest hooks) plus the stream's own. HTTP/2
 * forbids connection headers (its streams share one connection anyway).
 */
function streamHeaders(
  reply: FastifyReply,
  httpVersionMajor: number,
): Record<string, string | number | string[]> {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  return {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    ...(httpVersionMajor < 2 ? { connection: 'keep-alive' } : {}),
    'x-accel-buffering': 'no',
  };
}

/**
 * Adds `GET /events` under the plugin's prefix: the server-sent event stream of one service
 * (spec platform §4), or of several in one (`/api/v1/events`, the web app's one stream for the
 * rSSP and the rDSS, decision 055). The bearer token authenticates it; a `HEARTBEAT` of each of
 * its services goes out at once and every HEARTBEAT_SECONDS; bus events of its services reach the
 * user they name (or everyone when `userId` is null). After `LOGOUT` the stream ends, and it ends
 * when its access token expires. Open streams end when the app closes, so shutdown does not wait
 * for clients.
 */
export function registerEventStream(
  app: FastifyInstance,
  context: AppContext,
  served: EventStream | readonly EventStream[],
): void {
  const streams: readonly EventStream[] = typeof served === 'string' ? [served] : served;
  const open = new Set<() => void>();
  const openPerUser = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.get(
    '/events',
    {
      onRequest: authenticate(context),
      schema: {
        tags: ['events'],
        description:
          streams.length === 1
            ? `Server-sent events of the ${streams[0]} service (text/event-stream)`
            : `Server-sent events of the ${streams.join(' and ')} services in one stream, each event naming its service (text/event-stream)`,
        querystring: emptyQuerySchema,
        response: {
          200: z.string(),
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = request.authUser.id;
      const held = openPerUser.get(userId) ?? 0;
      if (held >= context.config.EVENT_STREAMS_PER_USER) {
        throw new AppError('TOO_MANY_REQUESTS', 'Too many open event streams', undefined, {
          retryAfterSeconds: context.config.HEARTBEAT_SECONDS,
        });
      }
      openPerUser.set(userId, held + 1);
      reply.hijack();
      const res: ServerResponse = reply.raw;
      res.writeHead(200, streamHeaders(reply, request.raw.httpVersionMajor));

      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        clearTimeout(expiry);
        unsubscribe();
        open.delete(close);
        const left = (openPerUser.get(userId) ?? 1) - 1;
        if (left > 0) openPerUser.set(userId, left);
        else openPerUser.delete(userId);
        if (!res.writableEnded) res.end();
      };
      const send = (event: SignetEvent) => {
        if (closed) return;
        res.write(frame(event));
        if (res.writableLength > maxBufferedBytes) close();
      };
      const heartbeat = () => {
        const time = new Date().toISOString();
        for (const stream of streams)
          send({ name: 'HEARTBEAT', stream, userId, payload: {}, time });
      };

      const timer = setInterval(heartbeat, context.config.HEARTBEAT_SECONDS * 1000);
      // The stream lives no longer than its token: the client reconnects with the renewed one,
      // and a token that can no longer be renewed keeps no stream open.
      const expiry = setTimeout(
        close,
        Math.min(Math.max((request.tokenExpiresAt ?? Infinity) - Date.now(), 0), maxTimerMs),
      );
      const unsubscribe = context.events.subscribe((event) => {
        if (!streams.includes(event.stream)) return;
        if (event.userId !== null && event.userId !== userId) return;
        send(event);
        if (event.name === 'LOGOUT') close();
      });
      open.add(close);
      res.on('close', close);
      res.on('error', close);
      heartbeat();
    },
  );
}
