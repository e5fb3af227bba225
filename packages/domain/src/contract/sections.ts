/** Sections (§7): the zones of an area, and the edit of one. */
import { areaQuerySchema, idParamSchema } from '../entities/params.ts';
import { sectionSchema, sectionUpdateBodySchema } from '../entities/section.ts';
import { defineEndpoint } from './endpoint.ts';

export const sectionEndpoints = {
  listSections: defineEndpoint({
    method: 'GET',
    path: '/sections',
    tag: 'sections',
    summary: 'The sections (zones) of an area, ordered by number',
    query: areaQuerySchema,
    responses: { 200: sectionSchema.array() },
  }),
  updateSection: defineEndpoint({
    method: 'PUT',
    path: '/sections/:id',
    tag: 'sections',
    summary: "Edit a section's label, outline or location; returns the section",
    params: idParamSchema,
    body: sectionUpdateBodySchema,
    responses: { 200: sectionSchema },
  }),
};
