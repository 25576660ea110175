import type { FastifyReply, FastifyRequest } from 'fastify';

/** Aborts when the client goes away before the answer (a long wait it no longer reads). */
export function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  request.raw.socket.once('close', onClose);
  reply.raw.once('finish', () => request.raw.socket.off('close', onClose));
  return controller.signal;
}
