/**
 * Reading one uplink as it comes off the broker: its topic (a known root, a site, a serial
 * number, an uplink kind ingest takes), UTF-8, JSON, the schema (docs/field-protocol.md
 * "Validation"). Nothing here asks the database: whether the device and its things exist is
 * the plan's question (plan.ts).
 */
import {
  parseFieldTopic,
  readReadingsUplinkFast,
  readingsUplinkSchema,
  statusUplinkSchema,
  type ReadingsUplink,
  type StatusUplink,
} from '@paddock/domain';
import type { z } from 'zod';

/** Ingest processes subscribe as one group on brokers with shared subscriptions. */
const INGEST_SHARE_GROUP = 'paddock-ingest';

/** Dead-letter reasons are cut here: a reason quoting a whole payload helps no one. */
export const MAX_REASON_LENGTH = 1000;

/** Why a retained uplink is refused (a correct device never retains one). */
export const RETAINED_UPLINK =
  'a retained message replayed at subscribe (uplinks must not be retained)';

export type Uplink =
  | { kind: 'readings'; siteId: number; serialno: string; message: ReadingsUplink }
  | { kind: 'status'; siteId: number; serialno: string; message: StatusUplink };

/** An uplink that parsed, or the reason it did not. */
export type ReadUplink = { uplink: Uplink; problem: null } | { uplink: null; problem: string };

/** The readings and status uplinks of every device, as the broker lets ingest subscribe. */
export function ingestFilters(topicRoot: string, shared: boolean): string[] {
  const prefix = shared ? `$share/${INGEST_SHARE_GROUP}/` : '';
  return [`${prefix}${topicRoot}/+/+/up/readings`, `${prefix}${topicRoot}/+/+/up/status`];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads one message: topic, UTF-8, JSON, schema. Anything wrong comes back as the reason. */
export function readUplink(topicRoot: string, topic: string, payload: Buffer): ReadUplink {
  const fail = (problem: string) => ({ uplink: null, problem });
  const parsedTopic = parseFieldTopic(topicRoot, topic);
  if (!parsedTopic || parsedTopic.direction !== 'up') {
    return fail('not a field protocol uplink topic');
  }
  const { siteId, serialno, kind } = parsedTopic;
  if (kind === 'ack') return fail('acks are not taken by ingest');
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch {
    return fail('payload is not UTF-8 text (kept here as base64)');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(`payload is not JSON: ${(error as Error).message}`);
  }
  if (kind === 'readings') {
    const message = readReadingsUplinkFast(json);
    if (message) return { uplink: { kind, siteId, serialno, message }, problem: null };
    const parsed = readingsUplinkSchema.safeParse(json);
    if (!parsed.success) return fail(`invalid readings: ${describeIssues(parsed.error)}`);
    return { uplink: { kind, siteId, serialno, message: parsed.data }, problem: null };
  }
  const parsed = statusUplinkSchema.safeParse(json);
  if (!parsed.success) return fail(`invalid status: ${describeIssues(parsed.error)}`);
  return { uplink: { kind, siteId, serialno, message: parsed.data }, problem: null };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`)
    .join('; ');
}

/** A payload as a dead letter keeps it: its text, or base64 when it is not UTF-8. */
export function payloadText(payload: Buffer): string {
  try {
    return utf8.decode(payload);
  } catch {
    return payload.toString('base64');
  }
}
