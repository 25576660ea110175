import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import {
  approvalDecisionSchema,
  approvalOutcomeSchema,
  deviceListQuerySchema,
  devicePageSchema,
  deviceParamsSchema,
  deviceSchema,
  enrollDeviceSchema,
  enrolledDeviceSchema,
  enrollmentSchema,
  ownDeviceListQuerySchema,
  pendingApprovalsQuerySchema,
  pendingApprovalsSchema,
  updateDeviceSchema,
} from '@signet/contracts/devices';
import type { AppContext } from '#infra/app-context';
import { authenticate, clientGone } from '#infra/http';
import { decideApproval, listPendingApprovals } from './device-approval';
import * as devices from './device-service';
import type { DeviceRow } from './device-table';
import { ownedResourceRoutes, type RsspContext } from '../context';

const tags = ['devices'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the device-token hook of the device's own calls. */
    device: DeviceRow;
  }
}

/**
 * The device calls of spec platform §7 (`/rssp/v1/devices…`) and the device's own calls of the
 * approval protocol (decision 014). The user's calls authenticate with the bearer token; the
 * device completes enrollment with its one-time code and then reads and decides its requests with
 * `Authorization: Device <token>` plus its signature.
 */
export const deviceRoutes: FastifyPluginAsync<{ ctx: RsspContext; context: AppContext }> = async (
  instance,
  { ctx, context },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // The device completes enrollment: the one-time code authenticates it.
  app.post(
    '/devices',
    {
      schema: {
        tags,
        security: [],
        querystring: emptyQuerySchema,
        body: enrollDeviceSchema,
        response: { 201: enrolledDeviceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await devices.enrollDevice({ ctx, input: request.body })),
  );

  // The device's own calls.
  await app.register(async (device) => {
    device.addHook('onRequest', async (request) => {
      request.device = await devices.authenticateDevice(ctx, request.headers.authorization);
    });
    const deviceApp = device.withTypeProvider<ZodTypeProvider>();
    deviceApp.get(
      '/devices/approvals',
      {
        schema: {
          tags,
          description: 'The calling device: its pending requests (long polls up to waitSecs)',
          querystring: pendingApprovalsQuerySchema,
          response: { 200: pendingApprovalsSchema, ...errors },
        },
      },
      async (request, reply) => ({
        items: await listPendingApprovals(ctx, {
          device: request.device,
          waitSecs: request.query.waitSecs,
          signal: clientGone(request, reply),
        }),
      }),
    );
    deviceApp.post(
      '/devices/approvals',
      {
        schema: {
          tags,
          description: 'The calling device approves or denies one request, signed',
          querystring: emptyQuerySchema,
          body: approvalDecisionSchema,
          response: { 200: approvalOutcomeSchema, ...errors },
        },
      },
      async (request) => decideApproval(ctx, { device: request.device, input: request.body }),
    );
  });

  // The owner's (and the admin's) calls.
  await app.register(async (authed) => {
    authed.addHook('onRequest', authenticate(context));
    const user = authed.withTypeProvider<ZodTypeProvider>();

    user.post(
      '/devices/enrollments',
      {
        schema: {
          tags,
          querystring: emptyQuerySchema,
          response: { 201: enrollmentSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await devices.createEnrollment({ ctx, actor: request.authUser })),
    );

    await ownedResourceRoutes(authed, {
      path: '/devices',
      tags,
      errors,
      schemas: {
        params: deviceParamsSchema,
        item: deviceSchema,
        page: devicePageSchema,
        ownQuery: ownDeviceListQuerySchema,
        adminQuery: deviceListQuerySchema,
        update: updateDeviceSchema,
      },
      listOwn: (actor, query) => devices.listOwnDevices({ ctx, actor, query }),
      listAll: (query) => devices.listAllDevices({ ctx, query }),
      get: (actor, id) => devices.getDevice({ ctx, actor, id }),
      update: (actor, id, input) => devices.updateDevice({ ctx, actor, id, input }),
      remove: (actor, id) => devices.deleteDevice({ ctx, actor, id }),
    });
  });
};
