/**
 * What a saved step of a program's run tells the site's webhooks (issue 32 item 5): the run
 * started, when its start got a first valve open (a start waiting for its time, or refused, tells
 * nothing), and finished, when it ended with every zone done. A resume is neither; a start its
 * skip rules called off is told where the decision is kept (program-decision.repository.ts). A
 * start is also the worker's action on the record (the audit log).
 */
import type { RunState } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { recordProductAction } from '../audit/product-action.ts';
import { publishSiteEvent } from '../webhooks/publish.ts';

export async function publishRunEvents(
  tx: Database,
  program: { id: number; name: string; areaId: number; siteId: number },
  before: RunState | null,
  after: RunState,
): Promise<void> {
  const where = { site: program.siteId, area: program.areaId };
  const ref = { id: program.id, name: program.name };
  if (before?.activity === 'starting' && after.activity === 'running') {
    const test = after.kind === 'test';
    await publishSiteEvent(tx, 'program.started', {
      ...where,
      at: new Date(after.startTime),
      message: `${test ? 'Test of program' : 'Program'} ${program.name} started`,
      program: ref,
      test,
    });
    await recordProductAction(tx, {
      operation: 'program.started',
      at: new Date(after.startTime),
      siteId: program.siteId,
      areaId: program.areaId,
      kind: 'program',
      targetId: program.id,
      object: program.name,
      ...(test ? { detail: 'a test of each zone' } : {}),
    });
  }
  if (before && before.activity !== 'stopped' && after.activity === 'stopped' && after.endTime) {
    await publishSiteEvent(tx, 'program.finished', {
      ...where,
      at: new Date(after.endTime),
      message: `Program ${program.name} finished`,
      program: ref,
      startedAt: new Date(after.startTime).toISOString(),
    });
  }
}
