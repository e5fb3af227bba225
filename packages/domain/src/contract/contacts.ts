/**
 * Contacts of a site and their notifications (§7): GET contacts?site, POST sites/{site}/contacts,
 * POST contacts, PUT contacts/{id}, DELETE sites/{site}/contacts/{id}, POST contacts/{id}/test,
 * GET contacts/{id}/test/{testId}, and the caller's own contact, GET user/contact.
 */
import { z } from 'zod';
import {
  contactCreateBodySchema,
  contactSchema,
  contactTestBodySchema,
  contactTestStartedSchema,
  contactTestStatusSchema,
  contactUpdateBodySchema,
  siteContactParamSchema,
  siteContactsParamSchema,
} from '../entities/contact.ts';
import { contactTestParamSchema, idParamSchema, siteQuerySchema } from '../entities/params.ts';
import { defineEndpoint } from './endpoint.ts';

export const contactEndpoints = {
  listContacts: defineEndpoint({
    method: 'GET',
    path: '/contacts',
    tag: 'contacts',
    summary: 'The contacts of a site with their notifications (view)',
    query: siteQuerySchema,
    responses: { 200: z.array(contactSchema) },
  }),
  createSiteContact: defineEndpoint({
    method: 'POST',
    path: '/sites/:site/contacts',
    tag: 'contacts',
    summary: 'Adds a contact without a login to the site (edit)',
    params: siteContactsParamSchema,
    body: contactCreateBodySchema,
    responses: { 201: contactSchema },
  }),
  createOwnContact: defineEndpoint({
    method: 'POST',
    path: '/contacts',
    tag: 'contacts',
    summary: "Creates the caller's own contact on a site they belong to (view)",
    description:
      'Used by the profile when the user has no contact on the site yet; ' +
      '409 when they have one.',
    body: contactCreateBodySchema,
    responses: { 201: contactSchema },
  }),
  updateContact: defineEndpoint({
    method: 'PUT',
    path: '/contacts/:id',
    tag: 'contacts',
    summary: 'Updates a contact and replaces its notifications (own contact, or edit)',
    description:
      'Notifications with an id are updated in place, those without are added, missing ones ' +
      'are deleted (and taken off alarms). Empty addresses are dropped; phones are stored ' +
      'in E.164.',
    params: idParamSchema,
    body: contactUpdateBodySchema,
    responses: { 200: contactSchema },
  }),
  deleteSiteContact: defineEndpoint({
    method: 'DELETE',
    path: '/sites/:site/contacts/:id',
    tag: 'contacts',
    summary: 'Deletes a contact of the site and takes its notifications off alarms (edit)',
    params: siteContactParamSchema,
    responses: { 204: z.null().describe('Deleted') },
  }),
  startContactTest: defineEndpoint({
    method: 'POST',
    path: '/contacts/:id/test',
    tag: 'contacts',
    summary: 'Sends a test message through one notification (own contact, or edit)',
    description:
      'The message goes out through the same senders as alarms (SMTP; the sms and voice ' +
      'provider). The test is new, then inProgress once handed over, done when the provider ' +
      'accepted it (email: the SMTP server took it) and failed when it finally could not be ' +
      'sent. Poll GET contacts/{id}/test/{testId} every 2 s.',
    params: idParamSchema,
    body: contactTestBodySchema,
    responses: { 202: contactTestStartedSchema },
  }),
  getContactTest: defineEndpoint({
    method: 'GET',
    path: '/contacts/:id/test/:testId',
    tag: 'contacts',
    summary: 'The status of a contact notification test (view)',
    params: contactTestParamSchema,
    responses: { 200: contactTestStatusSchema },
  }),
  getOwnContact: defineEndpoint({
    method: 'GET',
    path: '/user/contact',
    tag: ['user', 'contacts'],
    summary: "The caller's own contact",
    description:
      'The spec names no site: with ?site= the contact on that site, otherwise the first ' +
      '(lowest id) on any site the caller belongs to. 404 when there is none.',
    query: siteQuerySchema.partial(),
    responses: { 200: contactSchema },
  }),
};
