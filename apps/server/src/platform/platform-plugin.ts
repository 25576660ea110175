import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';

/** The platform service's routes. */
export const platformPlugin: FastifyPluginAsync<{ context: AppContext }> = async () => {};
