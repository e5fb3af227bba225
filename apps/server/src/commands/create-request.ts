/**
 * A request to act in the field (spec §3 Request): the API records it as `new`; the field link
 * (MQTT) picks it up, sends the command and advances its status. The same request id never
 * actuates twice: a caller that repeats a request id gets the existing request back.
 */
import type { ActionRequest, RequestAction, RequestType } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { requests } from '../db/schema.ts';

export type RequestRow = typeof requests.$inferSelect;

export function presentRequest(row: RequestRow): ActionRequest {
  return {
    id: row.id,
    action: row.action,
    type: row.type,
    status: row.status,
    target: row.targetId,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

export async function createRequest(
  db: Database,
  input: {
    action: RequestAction;
    type: RequestType;
    targetId: number;
    siteId: number;
    requestedBy: number;
    payload?: Record<string, unknown>;
    now: Date;
  },
): Promise<RequestRow> {
  const [row] = await db
    .insert(requests)
    .values({
      action: input.action,
      type: input.type,
      targetId: input.targetId,
      siteId: input.siteId,
      status: 'new',
      payload: input.payload ?? {},
      requestedBy: input.requestedBy,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('request insert returned nothing');
  return row;
}

/** An earlier request on the same target, when a client follows one up by its id. */
export async function findRequest(
  db: Database,
  type: RequestType,
  targetId: number,
  requestId: number,
): Promise<RequestRow | null> {
  const [row] = await db
    .select()
    .from(requests)
    .where(
      and(eq(requests.id, requestId), eq(requests.type, type), eq(requests.targetId, targetId)),
    );
  return row ?? null;
}
