/**
 * Notes of an area (§3 Note). The spec does not show their calls ("Paths for notes: not shown");
 * ours are GET areas/{id}/notes (view), POST areas/{id}/notes (edit) and DELETE notes/{id} (edit,
 * and only the note's author).
 */
import { z } from 'zod';
import { noteCreateBodySchema, noteSchema } from '../entities/event.ts';
import { idParamSchema } from '../entities/params.ts';
import { defineEndpoint } from './endpoint.ts';

export const noteEndpoints = {
  listAreaNotes: defineEndpoint({
    method: 'GET',
    path: '/areas/:id/notes',
    tag: 'notes',
    summary: 'The notes of an area, newest first (view)',
    params: idParamSchema,
    responses: { 200: z.array(noteSchema) },
  }),
  createAreaNote: defineEndpoint({
    method: 'POST',
    path: '/areas/:id/notes',
    tag: 'notes',
    summary: 'Leaves a note on the area or one of its things (edit)',
    description:
      'Without target and targetType the note is on the area itself; with them, target must ' +
      'be a thing of the area of that type.',
    params: idParamSchema,
    body: noteCreateBodySchema,
    responses: { 201: noteSchema },
  }),
  deleteNote: defineEndpoint({
    method: 'DELETE',
    path: '/notes/:id',
    tag: 'notes',
    summary: 'Deletes a note (edit on its area; only its author)',
    description: "403 for a note someone else wrote, even for the area's admin.",
    params: idParamSchema,
    responses: { 204: z.null().describe('Deleted') },
  }),
};
