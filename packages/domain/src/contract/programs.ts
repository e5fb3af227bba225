/** Programs (§7): an area's program, its edit, and the actions start, resume, pause and test. */
import { areaQuerySchema, idParamSchema } from '../entities/params.ts';
import {
  programActionBodySchema,
  programActionResponseSchema,
  programSchema,
  programUpdateBodySchema,
} from '../entities/program.ts';
import type { RunAction } from '../irrigation/run-state.ts';
import {
  programDecisionPreviewSchema,
  programDecisionsPageSchema,
  programDecisionsQuerySchema,
} from '../water-balance/program-decision.ts';
import { defineEndpoint } from './endpoint.ts';

/** POST programs/{id}/{action}: the four are alike but for the action. */
function programAction<const A extends RunAction>(action: A) {
  return defineEndpoint({
    method: 'POST',
    path: `/programs/:id/${action}`,
    tag: 'programs',
    summary: `Asks the field to ${action} the program, or some of its zones`,
    description:
      'Records a request (202, status new) for the field link. Give requestId to follow an earlier request up: 200 with its status, and nothing is sent again. 409 when the program (or a named zone) cannot take the action now (§4).' +
      (action === 'start' || action === 'test'
        ? ' With startTime the run waits until then (the request stays pending); a start time more than a minute past or more than 7 days ahead is refused (400, field startTime).'
        : '') +
      (action === 'pause'
        ? ' Pause is the stop: it is taken while the program is starting, resuming, running or pausing, and overtakes a request in flight. A pause before a start time calls the start off and leaves the program stopped.'
        : ''),
    params: idParamSchema,
    // No body at all arrives as null: every field is optional, so none is needed.
    body: programActionBodySchema.nullish(),
    responses: { 200: programActionResponseSchema, 202: programActionResponseSchema },
  });
}

export const programEndpoints = {
  listPrograms: defineEndpoint({
    method: 'GET',
    path: '/programs',
    tag: 'programs',
    summary: "The area's program (one per area), as a list",
    query: areaQuerySchema,
    responses: { 200: programSchema.array() },
  }),
  updateProgram: defineEndpoint({
    method: 'PUT',
    path: '/programs/:id',
    tag: 'programs',
    summary: 'Saves any irrigation edit (§3 edit kinds): name, schedule and/or zones',
    description:
      'Ids are checked against the program\'s area. Control configs that change nothing are dropped (§4); each zone\'s banned flag is derived from the sequences; a zone keeps the run state the field reported. Allowed in any activity: a running program takes the change on "apply".',
    params: idParamSchema,
    body: programUpdateBodySchema,
    responses: { 200: programSchema },
  }),
  listProgramDecisions: defineEndpoint({
    method: 'GET',
    path: '/programs/:id/decisions',
    tag: 'programs',
    summary: "The program's kept decisions, newest first: each start, skip and scale with its why",
    description:
      'Each decision keeps its rule, the readings it used (value, sensor, time) and its sentence. Paged: `limit` (default 20, at most 100) and `before` (a decision id, from nextBefore).',
    params: idParamSchema,
    query: programDecisionsQuerySchema,
    responses: { 200: programDecisionsPageSchema },
  }),
  previewProgramDecision: defineEndpoint({
    method: 'GET',
    path: '/programs/:id/decision',
    tag: 'programs',
    summary: 'What the program would do if it started now, and why, without starting it',
    description:
      "Reads what its skip rules need from the site's sensors and decides as a start would; nothing is kept and nothing is sent.",
    params: idParamSchema,
    responses: { 200: programDecisionPreviewSchema },
  }),
  startProgram: programAction('start'),
  resumeProgram: programAction('resume'),
  pauseProgram: programAction('pause'),
  testProgram: programAction('test'),
};

/** The action endpoints by their action, for what takes the action as data. */
export const programActionEndpoints = {
  start: programEndpoints.startProgram,
  resume: programEndpoints.resumeProgram,
  pause: programEndpoints.pauseProgram,
  test: programEndpoints.testProgram,
} satisfies Record<RunAction, unknown>;
