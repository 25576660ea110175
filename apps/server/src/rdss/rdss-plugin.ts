import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';

/** The rdss service's routes. */
export const rdssPlugin: FastifyPluginAsync<{ context: AppContext }> = async () => {};
