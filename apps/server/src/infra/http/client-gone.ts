import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Aborts when the client goes away before the answer (a long wait it no longer reads). The
 * response's own 'close' before its end says so for an HTTP/1.1 socket and an HTTP/2 stream
 * alike: an HTTP/2 client cancels one stream and keeps the connection for its other calls. (Not
 * `writableFinished`, which an HTTP/2 response reports once its stream is gone, answered or not.)
 */
export function clientGone(_request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}
