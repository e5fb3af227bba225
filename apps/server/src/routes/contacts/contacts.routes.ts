/**
 * Contacts of a site and their notifications (spec §7): GET contacts?site,
 * POST sites/{site}/contacts, POST contacts, PUT contacts/{id}, DELETE sites/{site}/contacts/{id},
 * POST contacts/{id}/test and
 * GET contacts/{id}/test/{testId}.
 */
import {
  contactCreateBodySchema,
  contactSchema,
  contactTestBodySchema,
  contactTestParamSchema,
  contactTestStartedSchema,
  contactTestStatusSchema,
  contactUpdateBodySchema,
  idParamSchema,
  idParamValueSchema,
  siteQuerySchema,
  type Contact,
} from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contacts, contactTests, users } from '../../db/schema.ts';
import { authOf } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { requireObject } from '../../permissions/access.ts';
import { requireKnownSite, requireOwnOrEditableContact } from './contact-access.ts';
import { validateContactInput } from './contact-input.ts';
import { findAreaOfSite, startContactTest } from './contact-test.ts';
import {
  findNotifications,
  forgetNotificationsInAlarms,
  getContact,
  insertContact,
  listContacts,
  replaceNotifications,
  siteCountry,
} from './contacts.repository.ts';

/** POST sites/{site}/contacts. */
const siteParamSchema = z.object({ site: idParamValueSchema });
/** DELETE sites/{site}/contacts/{id}. */
const siteContactParamSchema = z.object({ site: idParamValueSchema, id: idParamValueSchema });

const security = [{ bearer: [] }];
const tags = ['contacts'];

/** Decision: a new contact's locale follows the site's country unless the body gives one. */
const localeOf = (country: string) => (country === 'au' ? 'en-AU' : 'en-NZ');

export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const found = async (id: number): Promise<Contact> => {
    const contact = await getContact(db, id);
    if (!contact) throw notFound('Contact');
    return contact;
  };

  app.get(
    '/contacts',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The contacts of a site with their notifications (view)',
        security,
        querystring: siteQuerySchema,
        response: { 200: z.array(contactSchema) },
      },
    },
    async (request) => {
      await requireKnownSite(db, request, request.query.site, 'view');
      return listContacts(db, eq(contacts.siteId, request.query.site));
    },
  );

  app.post(
    '/sites/:site/contacts',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Adds a contact without a login to the site (edit)',
        security,
        params: siteParamSchema,
        body: contactCreateBodySchema,
        response: { 201: contactSchema },
      },
    },
    async (request, reply) => {
      const { site } = request.params;
      const country = await requireKnownSite(db, request, site, 'edit');
      if (request.body.site !== site) throw badRequest('site', 'Must be the site of the path');
      const input = validateContactInput(request.body, country);
      rejectIds(input.notifications);
      const id = await db.transaction((tx) =>
        insertContact(
          tx,
          {
            siteId: site,
            userId: null,
            name: input.name,
            company: input.company,
            locale: request.body.locale ?? localeOf(country),
          },
          input.notifications,
        ),
      );
      return reply.code(201).send(await found(id));
    },
  );

  app.post(
    '/contacts',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Creates the caller's own contact on a site they belong to (view)",
        description:
          'Used by the profile when the user has no contact on the site yet; ' +
          '409 when they have one.',
        security,
        body: contactCreateBodySchema,
        response: { 201: contactSchema },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { site } = request.body;
      const country = await requireKnownSite(db, request, site, 'view');
      const input = validateContactInput(request.body, country);
      rejectIds(input.notifications);
      const [existing] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.siteId, site), eq(contacts.userId, userId)));
      if (existing) throw conflict('You already have a contact on this site');
      const [user] = await db
        .select({ locale: users.locale })
        .from(users)
        .where(eq(users.id, userId));
      const id = await db.transaction((tx) =>
        insertContact(
          tx,
          {
            siteId: site,
            userId,
            name: input.name,
            company: input.company,
            locale: request.body.locale ?? user?.locale ?? localeOf(country),
          },
          input.notifications,
        ),
      );
      return reply.code(201).send(await found(id));
    },
  );

  app.put(
    '/contacts/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Updates a contact and replaces its notifications (own contact, or edit)',
        description:
          'Notifications with an id are updated in place, those without are added, missing ones ' +
          'are deleted (and taken off alarms). Empty addresses are dropped; phones are stored ' +
          'in E.164.',
        security,
        params: idParamSchema,
        body: contactUpdateBodySchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const contact = await requireOwnOrEditableContact(db, request, id);
      if (body.id !== undefined && body.id !== id)
        throw badRequest('id', 'Must be the id of the path');
      if (body.site !== contact.siteId) {
        throw badRequest('site', 'A contact cannot move to another site');
      }
      const country = (await siteCountry(db, contact.siteId)) ?? 'nz';
      const input = validateContactInput(body, country);
      const existingIds = (await findNotifications(db, id)).map((row) => row.id);
      for (const notification of input.notifications) {
        if (notification.id !== undefined && !existingIds.includes(notification.id)) {
          throw badRequest(
            `notifications.${notification.index}.id`,
            'Not a notification of this contact',
          );
        }
      }
      await db.transaction(async (tx) => {
        await tx
          .update(contacts)
          .set({
            name: input.name,
            company: input.company,
            locale: body.locale ?? contact.locale,
          })
          .where(eq(contacts.id, id));
        await replaceNotifications(tx, id, existingIds, input.notifications);
      });
      return found(id);
    },
  );

  app.delete(
    '/sites/:site/contacts/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Deletes a contact of the site and takes its notifications off alarms (edit)',
        security,
        params: siteContactParamSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const { site, id } = request.params;
      await requireKnownSite(db, request, site, 'edit');
      const [contact] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.id, id), eq(contacts.siteId, site)));
      // A contact of another site is not found here: the path names a pair that does not exist.
      if (!contact) throw notFound('Contact');
      const notificationIds = (await findNotifications(db, id)).map((row) => row.id);
      await db.transaction(async (tx) => {
        await forgetNotificationsInAlarms(tx, notificationIds);
        await tx.delete(contacts).where(eq(contacts.id, id));
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/contacts/:id/test',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Sends a test message through one notification (own contact, or edit)',
        description:
          'Email is sent at once and the test is done (or failed); sms and voice stay new until ' +
          'their delivery adapters exist. Poll GET contacts/{id}/test/{testId}.',
        security,
        params: idParamSchema,
        body: contactTestBodySchema,
        response: { 202: contactTestStartedSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const contact = await requireOwnOrEditableContact(db, request, id);
      const notification = (await findNotifications(db, id)).find(
        (row) => row.id === request.body.notification,
      );
      if (!notification) throw badRequest('notification', 'Not a notification of this contact');
      const area = await findAreaOfSite(db, request.body.area, contact.siteId);
      if (!area) throw badRequest('area', "Not an area of the contact's site");
      const testId = await startContactTest(app.ctx, contact, notification, area);
      return reply.code(202).send({ id: testId });
    },
  );

  app.get(
    '/contacts/:id/test/:testId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The status of a contact notification test (view)',
        security,
        params: contactTestParamSchema,
        response: { 200: contactTestStatusSchema },
      },
    },
    async (request) => {
      const { id, testId } = request.params;
      await requireObject(db, request, 'contact', id, 'view');
      const [test] = await db
        .select({ status: contactTests.status })
        .from(contactTests)
        .where(and(eq(contactTests.id, testId), eq(contactTests.contactId, id)));
      if (!test) throw notFound('Contact test');
      return { status: test.status };
    },
  );
}

/** A new contact's notifications cannot name existing ones. */
function rejectIds(notifications: ReturnType<typeof validateContactInput>['notifications']) {
  const withId = notifications.find((notification) => notification.id !== undefined);
  if (withId) {
    throw badRequest(
      `notifications.${withId.index}.id`,
      "A new contact's notifications have no id",
    );
  }
}
