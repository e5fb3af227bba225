/**
 * What the worker does on a person's behalf, on the record (issue 33 item 1): a delayed start
 * carried out when its time came, a start its skip rules called off, zones flow supervision shut
 * off, an export made. Staged by the worker in the transaction that makes the change, so the row
 * and the change are kept or lost together, and chained after it (audit-chaining.ts): the
 * change's transaction takes no chain lock, so no person's call on the site waits for a runner
 * step. The actor is the product itself ("Paddock …"); the person's own call that asked for it
 * has its own row.
 */
import { auditText } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { objectName } from './audit-words.repository.ts';
import { stageAudit } from './audit.repository.ts';

/** Product actions by their operation name in the log: the site event kinds they match. */
type ProductOperation = 'program.started' | 'program.skipped' | 'zone.shutOff' | 'report.ready';

export type ProductAction = {
  operation: ProductOperation;
  at: Date;
  siteId: number;
  areaId: number | null;
  kind: string;
  targetId: number;
  /** The object's name, as the words tell it; read from its table when not given. */
  object?: string;
  /** Why, in the words the rest of the product uses (a skip's or a shut-off's sentence). */
  detail?: string;
  /** What the action set, for the record: the zones closed, the file made. */
  after?: Record<string, unknown>;
};

export async function recordProductAction(tx: Database, action: ProductAction): Promise<void> {
  const { operation, detail } = action;
  const object = action.object ?? (await objectName(tx, action.kind, action.targetId));
  const words = auditText({
    actor: null,
    actingAs: null,
    operation,
    summary: operation,
    object,
    before: null,
    after: null,
  });
  await stageAudit(tx, {
    time: action.at,
    siteId: action.siteId,
    actorId: null,
    actingAsId: null,
    address: null,
    areaId: action.areaId,
    kind: action.kind,
    targetId: action.targetId,
    operation,
    before: null,
    after: { ...action.after, ...(detail === undefined ? {} : { detail }) },
    text: detail === undefined ? words : `${words}: ${detail}`,
  });
}
