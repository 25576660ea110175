import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { registerEventStream } from '#infra/event-stream';

/** The rdss service's routes. */
export const rdssPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  registerEventStream(app, context, 'rdss');
};
