/**
 * Programs (spec §7): GET programs?area={id}, PUT programs/{id} and the actions POST
 * programs/{id}/start|resume|pause|test; and the why of its runs (issue 30): GET
 * programs/{id}/decisions and GET programs/{id}/decision. An action records a request for the field link and
 * answers 202 with its id; following a request up by its id answers 200 with its status.
 */
import {
  programActionEndpoints,
  programEndpoints,
  startDecisionDetailSchema,
  type RunAction,
} from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { requestProgramAction } from './request-program-action.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { findRequest } from '../../requests/request.repository.ts';
import { applyProgramUpdate } from './program-update.ts';
import { decideDeficitNow } from './deficit-decision.ts';
import { decideStartNow } from './program-decision.ts';
import { presentProgramDecision } from './program-decision.presenter.ts';
import { programDecisionPage } from './program-decision.repository.ts';
import { presentProgram } from './program.presenter.ts';
import { areaParts, lockProgram, programsOfArea, updateProgram } from './program.repository.ts';

export async function programRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  route(app, programEndpoints.listPrograms, async (request) => {
    await requireObject(db, request, 'area', request.query.area, 'view');
    return (await programsOfArea(db, request.query.area)).map(presentProgram);
  });

  route(app, programEndpoints.updateProgram, async (request) => {
    const { id } = request.params;
    await requireObject(db, request, 'program', id, 'program');
    const row = await db.transaction(async (tx) => {
      const current = await lockProgram(tx, id);
      if (!current) throw notFound('Program');
      noteBefore(request, presentProgram(current));
      const area = await areaParts(tx, current.areaId);
      const next = applyProgramUpdate(current, request.body, area);
      return updateProgram(tx, id, { ...next, modifiedAt: clock.now() });
    });
    return presentProgram(row);
  });

  // The why of every run (issue 30 item 6): who may see the program may see why it ran.
  route(app, programEndpoints.listProgramDecisions, async (request) => {
    const { id } = request.params;
    await requireObject(db, request, 'program', id, 'view');
    const { limit, before } = request.query;
    // One more than asked says whether an older page follows.
    const rows = await programDecisionPage(db, id, { limit: limit + 1, before });
    const page = rows.slice(0, limit);
    return {
      decisions: page.map(presentProgramDecision),
      nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    };
  });

  route(app, programEndpoints.previewProgramDecision, async (request) => {
    const { id } = request.params;
    await requireObject(db, request, 'program', id, 'view');
    const decided = await decideStartNow(db, id, clock.now());
    if (!decided) throw notFound('Program');
    const { hasRules, kind, sentence, decision } = decided;
    const detail = startDecisionDetailSchema.parse(decision);
    // A start the rules would let go is then decided by deficit mode, when it is on.
    const deficit = kind === 'skip' ? null : await decideDeficitNow(db, id, clock.now());
    if (!deficit) return { hasRules, kind, sentence, detail };
    return { hasRules, kind: 'deficit' as const, sentence: deficit.sentence, detail, deficit };
  });

  for (const [action, endpoint] of Object.entries(programActionEndpoints) as [
    RunAction,
    (typeof programActionEndpoints)[RunAction],
  ][]) {
    route(app, endpoint, async (request, reply) => {
      const { id } = request.params;
      const { requestId, ...body } = request.body ?? {};
      const { siteId } = await requireObject(db, request, 'program', id, 'program');

      // The same request id never actuates twice: a follow-up only reads the request.
      if (requestId !== undefined) {
        const earlier = await findRequest(db, 'program', id, requestId);
        if (!earlier) throw badRequest('requestId', 'not a request of this program');
        if (earlier.action !== action) {
          throw badRequest('requestId', `a ${earlier.action} request, not ${action}`);
        }
        return reply.code(200).send({ status: earlier.status, requestId: earlier.id });
      }

      const created = await requestProgramAction(db, {
        programId: id,
        action,
        body,
        siteId,
        requestedBy: authOf(request).userId,
        now: clock.now(),
      });
      return reply.code(202).send({ status: created.status, requestId: created.id });
    });
  }
}
