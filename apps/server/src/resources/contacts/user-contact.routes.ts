/** GET user/contact (spec §7): the signed-in user's own contact, for the profile. */
import { contactEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { memberSiteIds } from '../../permissions/access.ts';
import { requireKnownSite } from './contact-access.ts';
import { findUserContact } from './contacts.repository.ts';

export async function userContactRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, contactEndpoints.getOwnContact, async (request) => {
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
    const contact = await findUserContact(db, userId, siteIds);
    if (!contact) throw notFound('Contact');
    return contact;
  });
}
