/** The signed-in user's own records: GET user/privileges (spec §7). */
import { userPrivilegesSchema } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema.ts';
import { authOf } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/user/privileges',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: "The caller's user-level privileges (§6), e.g. loginAs",
        security: [{ bearer: [] }],
        response: { 200: userPrivilegesSchema },
      },
    },
    async (request) => {
      const [user] = await db
        .select({ privileges: users.privileges })
        .from(users)
        .where(eq(users.id, authOf(request).userId));
      if (!user) throw notFound('User');
      return { privileges: user.privileges };
    },
  );
}
