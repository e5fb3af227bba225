/**
 * Notes of an area (§3 Note). The spec does not show their calls ("Paths for notes: not shown");
 * ours are GET areas/{id}/notes (view), POST areas/{id}/notes (edit) and DELETE notes/{id} (edit,
 * and only by the note's author: a note speaks for the person who wrote it).
 */
import { noteEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { isThingOfArea } from '../alarms/area-things.repository.ts';
import { presentNote } from './note.presenter.ts';
import { deleteNoteRow, findNote, insertNote, listNotesOfArea } from './notes.repository.ts';

export async function noteRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  route(app, noteEndpoints.listAreaNotes, async (request) => {
    const { id } = request.params;
    await requireObject(db, request, 'area', id, 'view');
    const rows = await listNotesOfArea(db, id);
    const callerId = authOf(request).userId;
    return rows.map((row) => presentNote(row, callerId));
  });

  route(app, noteEndpoints.createAreaNote, async (request, reply) => {
    const { id } = request.params;
    const { siteId } = await requireObject(db, request, 'area', id, 'edit');
    const body = request.body;
    const text = body.text.trim();
    if (text === '') throw badRequest('text', 'Must not be blank');
    if ((body.target === undefined) !== (body.targetType === undefined)) {
      throw badRequest(
        body.target === undefined ? 'target' : 'targetType',
        'Give target and targetType together, or neither for a note on the area',
      );
    }
    const targetType = body.targetType ?? 'area';
    const targetId = body.target ?? id;
    if (!(await isThingOfArea(db, { id, siteId }, targetType, targetId))) {
      throw badRequest('target', `Not a ${targetType} of this area`);
    }
    const callerId = authOf(request).userId;
    const row = await insertNote(db, {
      areaId: id,
      targetType,
      targetId,
      text,
      createdBy: callerId,
      createdAt: clock.now(),
    });
    return reply.code(201).send(presentNote(row, callerId));
  });

  route(app, noteEndpoints.deleteNote, async (request, reply) => {
    const note = await findNote(db, request.params.id);
    if (!note) throw notFound('Note');
    await requireObject(db, request, 'area', note.areaId, 'edit');
    const callerId = authOf(request).userId;
    if (note.createdBy !== callerId) throw forbidden('Only the author of a note may delete it');
    noteBefore(request, presentNote(note, callerId));
    // Gone meanwhile (its author deleted it twice at once): as unknown.
    if (!(await deleteNoteRow(db, note.id))) throw notFound('Note');
    return reply.code(204).send(null);
  });
}
