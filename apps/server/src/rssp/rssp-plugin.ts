import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';

/** The rssp service's routes. */
export const rsspPlugin: FastifyPluginAsync<{ context: AppContext }> = async () => {};
