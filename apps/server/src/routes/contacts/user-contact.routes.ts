/** GET user/contact (spec §7): the signed-in user's own contact, for the profile. */
import { contactSchema, siteQuerySchema } from '@paddock/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contacts } from '../../db/schema.ts';
import { authOf } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { memberSiteIds } from '../../permissions/access.ts';
import { requireKnownSite } from './contact-access.ts';
import { listContacts } from './contacts.repository.ts';

export async function userContactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/user/contact',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user', 'contacts'],
        summary: "The caller's own contact",
        description:
          'The spec names no site: with ?site= the contact on that site, otherwise the first ' +
          '(lowest id) on any site the caller belongs to. 404 when there is none.',
        security: [{ bearer: [] }],
        querystring: siteQuerySchema.partial(),
        response: { 200: contactSchema },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const { site } = request.query;
      let siteIds: number[];
      if (site !== undefined) {
        await requireKnownSite(db, request, site, 'view');
        siteIds = [site];
      } else {
        siteIds = await memberSiteIds(db, userId);
      }
      if (siteIds.length === 0) throw notFound('Contact');
      const [contact] = await listContacts(
        db,
        and(eq(contacts.userId, userId), inArray(contacts.siteId, siteIds)),
      );
      if (!contact) throw notFound('Contact');
      return contact;
    },
  );
}
