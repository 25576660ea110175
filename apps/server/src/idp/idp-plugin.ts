import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';

/** The idp service's routes. */
export const idpPlugin: FastifyPluginAsync<{ context: AppContext }> = async () => {};
