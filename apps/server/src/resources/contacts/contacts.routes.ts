/**
 * Contacts of a site and their notifications (spec §7): GET contacts?site,
 * POST sites/{site}/contacts, POST contacts, PUT contacts/{id}, DELETE sites/{site}/contacts/{id},
 * POST contacts/{id}/test and
 * GET contacts/{id}/test/{testId}.
 */
import { contactEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { createContact } from './create-contact.ts';
import { deleteContact } from './delete-contact.ts';
import { startContactTest } from './start-contact-test.ts';
import { updateContact } from './update-contact.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { requireKnownSite, requireOwnOrEditableContact } from './contact-access.ts';
import { findContactTestStatus, listContactsOfSite } from './contacts.repository.ts';

export async function contactRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, contactEndpoints.listContacts, async (request) => {
    await requireKnownSite(db, request, request.query.site, 'view');
    return listContactsOfSite(db, request.query.site);
  });

  route(app, contactEndpoints.createSiteContact, async (request, reply) => {
    const { site } = request.params;
    const country = await requireKnownSite(db, request, site, 'edit');
    if (request.body.site !== site) throw badRequest('site', 'Must be the site of the path');
    const contact = await createContact(db, {
      siteId: site,
      userId: null,
      country,
      body: request.body,
    });
    return reply.code(201).send(contact);
  });

  route(app, contactEndpoints.createOwnContact, async (request, reply) => {
    const { userId } = authOf(request);
    const { site } = request.body;
    const country = await requireKnownSite(db, request, site, 'view');
    const contact = await createContact(db, { siteId: site, userId, country, body: request.body });
    return reply.code(201).send(contact);
  });

  route(app, contactEndpoints.updateContact, async (request) => {
    const contact = await requireOwnOrEditableContact(db, request, request.params.id);
    return updateContact(db, {
      contact,
      body: request.body,
      noteBefore: (before) => noteBefore(request, before),
    });
  });

  route(app, contactEndpoints.deleteSiteContact, async (request, reply) => {
    const { site, id } = request.params;
    await requireKnownSite(db, request, site, 'edit');
    await deleteContact(db, {
      siteId: site,
      id,
      noteBefore: (before) => noteBefore(request, before),
    });
    return reply.code(204).send(null);
  });

  route(app, contactEndpoints.startContactTest, async (request, reply) => {
    const contact = await requireOwnOrEditableContact(db, request, request.params.id);
    const testId = await startContactTest(app.ctx, {
      contact,
      notificationId: request.body.notification,
      areaId: request.body.area,
    });
    return reply.code(202).send({ id: testId });
  });

  route(app, contactEndpoints.getContactTest, async (request) => {
    const { id, testId } = request.params;
    await requireObject(db, request, 'contact', id, 'view');
    const status = await findContactTestStatus(db, testId, id);
    if (status === null) throw notFound('Contact test');
    return { status };
  });
}
