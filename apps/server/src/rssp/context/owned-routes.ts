import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import type { AuthUser } from '#infra/auth-types';
import { requireRole } from '#infra/http';

/** What one kind of owned thing (a credential, a device) answers to, by its owner or an admin. */
export interface OwnedResource<
  Params extends z.ZodType<{ id: string }>,
  Item extends z.ZodType,
  Page extends z.ZodType,
  OwnQuery extends z.ZodType,
  AdminQuery extends z.ZodType,
  Update extends z.ZodType,
> {
  /** `/credentials` or `/devices`. */
  path: string;
  tags: string[];
  errors: Record<number, z.ZodType>;
  schemas: {
    params: Params;
    item: Item;
    page: Page;
    ownQuery: OwnQuery;
    adminQuery: AdminQuery;
    update: Update;
  };
  listOwn(actor: AuthUser, query: z.infer<OwnQuery>): Promise<z.input<Page>>;
  listAll(query: z.infer<AdminQuery>): Promise<z.input<Page>>;
  get(actor: AuthUser, id: string): Promise<z.input<Item>>;
  update(actor: AuthUser, id: string, input: z.infer<Update>): Promise<z.input<Item>>;
  remove(actor: AuthUser, id: string): Promise<void>;
}

/**
 * The calls credentials and devices answer alike (spec platform §7), on an app that has
 * authenticated the caller: the owner's page (`…/self`), everyone's for an admin, and one by id to
 * read, change or delete. Ownership and the admin's rights are the service's to check, where the
 * id is resolved.
 */
export async function ownedResourceRoutes<
  Params extends z.ZodType<{ id: string }>,
  Item extends z.ZodType,
  Page extends z.ZodType,
  OwnQuery extends z.ZodType,
  AdminQuery extends z.ZodType,
  Update extends z.ZodType,
>(
  instance: FastifyInstance,
  resource: OwnedResource<Params, Item, Page, OwnQuery, AdminQuery, Update>,
): Promise<void> {
  const { path, tags, errors, schemas } = resource;
  // The type providers cannot infer through generic schemas, so these routes are typed plainly
  // (FastifySchema); the app's zod compilers still parse each value by the schema named beside it
  // and serialise each answer by its response schema, so the casts only restate what was checked.
  const schema = (parts: FastifySchema): FastifySchema => ({ tags, ...parts });
  const withId = { params: schemas.params, querystring: emptyQuerySchema };
  const idOf = (params: unknown) => (params as z.infer<Params>).id;

  instance.get(
    `${path}/self`,
    {
      schema: schema({ querystring: schemas.ownQuery, response: { 200: schemas.page, ...errors } }),
    },
    async (request) => resource.listOwn(request.authUser, request.query as z.infer<OwnQuery>),
  );

  await instance.register(async (admin) => {
    admin.addHook('onRequest', requireRole('admin'));
    admin.get(
      path,
      {
        schema: schema({
          querystring: schemas.adminQuery,
          response: { 200: schemas.page, ...errors },
        }),
      },
      async (request) => resource.listAll(request.query as z.infer<AdminQuery>),
    );
  });

  instance.get(
    `${path}/:id`,
    { schema: schema({ ...withId, response: { 200: schemas.item, ...errors } }) },
    async (request) => resource.get(request.authUser, idOf(request.params)),
  );

  instance.put(
    `${path}/:id`,
    {
      schema: schema({
        ...withId,
        body: schemas.update,
        response: { 200: schemas.item, ...errors },
      }),
    },
    async (request) =>
      resource.update(request.authUser, idOf(request.params), request.body as z.infer<Update>),
  );

  instance.delete(
    `${path}/:id`,
    { schema: schema({ ...withId, response: { 204: z.null().describe('Deleted'), ...errors } }) },
    async (request, reply) => {
      await resource.remove(request.authUser, idOf(request.params));
      return reply.status(204).send(null);
    },
  );
}
