/**
 * The council water-take export (issue 17 item 4; docs/water-take.md): a site's water consents
 * and their meters, the 15-minute water-take file of a day or a range, and the days the daily job
 * has produced.
 */
import { z } from 'zod';
import { idParamSchema } from '../entities/params.ts';
import {
  consentParamSchema,
  waterConsentBodySchema,
  waterConsentListSchema,
  waterConsentSchema,
  waterTakeDayParamSchema,
  waterTakeDaysQuerySchema,
  waterTakeDaysSchema,
  waterTakeQuerySchema,
} from '../water-take/consent.ts';
import { defineEndpoint } from './endpoint.ts';
import { noContentSchema } from './no-content.ts';

export const waterTakeEndpoints = {
  listWaterConsents: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/water-consents',
    tag: 'water-take',
    summary: "The site's water consents with their meters and each meter's verification date",
    params: idParamSchema,
    responses: { 200: waterConsentListSchema },
  }),
  createWaterConsent: defineEndpoint({
    method: 'POST',
    path: '/sites/:id/water-consents',
    tag: 'water-take',
    summary: 'Adds a water consent to the site (needs edit on the site)',
    description:
      'Every meter must be a water meter of this site. A consent number is unique per site (409).',
    params: idParamSchema,
    body: waterConsentBodySchema,
    responses: { 201: waterConsentSchema },
  }),
  updateWaterConsent: defineEndpoint({
    method: 'PUT',
    path: '/sites/:id/water-consents/:consentId',
    tag: 'water-take',
    summary: 'Replaces a water consent and its meters (needs edit on the site)',
    params: consentParamSchema,
    body: waterConsentBodySchema,
    responses: { 200: waterConsentSchema },
  }),
  deleteWaterConsent: defineEndpoint({
    method: 'DELETE',
    path: '/sites/:id/water-consents/:consentId',
    tag: 'water-take',
    summary: 'Deletes a water consent, its meters and its produced days (needs edit on the site)',
    params: consentParamSchema,
    responses: { 204: noContentSchema },
  }),
  downloadWaterTake: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/water-consents/:consentId/water-take',
    tag: 'water-take',
    summary:
      "The consent's water take of a local day (or from..to) as csv or xlsx: per meter 96 intervals of 15 minutes a day, then the day total",
    description:
      'Made from the readings now held, so it includes data that arrived late. Volumes in m³, ' +
      'times ISO 8601 with the site offset, NEMS quality codes; gaps have no volume and code 100.',
    params: consentParamSchema,
    query: waterTakeQuerySchema,
    responses: { 200: z.string().describe('The file, binary') },
  }),
  listWaterTakeDays: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/water-consents/:consentId/days',
    tag: 'water-take',
    summary: 'The last days (30 unless asked) with whether the daily job produced each file',
    params: consentParamSchema,
    query: waterTakeDaysQuerySchema,
    responses: { 200: waterTakeDaysSchema },
  }),
  downloadWaterTakeDay: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/water-consents/:consentId/days/:date/file',
    tag: 'water-take',
    summary: 'The csv file the daily job produced for a day, as it was produced (404 before)',
    params: waterTakeDayParamSchema,
    responses: { 200: z.string().describe('The file, binary') },
  }),
};
