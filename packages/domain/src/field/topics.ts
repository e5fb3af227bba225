/**
 * Field protocol topics (docs/field-protocol.md). Every device has its own branch under the
 * site, `{root}/{siteId}/{serialno}/…`, so a broker can limit a device to its own topics with one
 * pattern rule (Mosquitto: `pattern write paddock/v1/+/%u/up/#`) and a site gateway to its site.
 *
 * Uplinks (device → server) live under `up/`, downlinks (server → device) under `down/`.
 */
import { z } from 'zod';
import { isOneOf } from '../entities/words.ts';

/** The default topic root; a deployment (or a test on a shared broker) may choose its own. */
export const FIELD_TOPIC_ROOT = 'paddock/v1';

export const uplinkKindSchema = z.enum(['readings', 'status', 'ack']);
export type UplinkKind = z.infer<typeof uplinkKindSchema>;

export const downlinkKindSchema = z.enum(['command', 'config']);
export type DownlinkKind = z.infer<typeof downlinkKindSchema>;

/**
 * A serial number is one topic level: letters, digits, '-' and '_' only, so it can never hold the
 * MQTT separators or wildcards ('/', '+', '#') and can be a broker user name.
 */
const SERIALNO = /^[A-Za-z0-9_-]{1,64}$/;

export const serialnoSchema = z
  .string()
  .regex(SERIALNO, 'A serial number is 1–64 letters, digits, - or _');

export type FieldTopic =
  | { direction: 'up'; siteId: number; serialno: string; kind: UplinkKind }
  | { direction: 'down'; siteId: number; serialno: string; kind: DownlinkKind };

export function uplinkTopic(
  root: string,
  siteId: number,
  serialno: string,
  kind: UplinkKind,
): string {
  return `${root}/${siteId}/${serialno}/up/${kind}`;
}

export function downlinkTopic(
  root: string,
  siteId: number,
  serialno: string,
  kind: DownlinkKind,
): string {
  return `${root}/${siteId}/${serialno}/down/${kind}`;
}

/** Every uplink of every site: what the server subscribes to. */
export function allUplinksFilter(root: string): string {
  return `${root}/+/+/up/+`;
}

/** Every downlink of one site: what a site gateway subscribes to. */
export function siteDownlinksFilter(root: string, siteId: number): string {
  return `${root}/${siteId}/+/down/+`;
}

/** Reads a topic of the protocol; anything else (wrong root, shape, site or kind) is null. */
export function parseFieldTopic(root: string, topic: string): FieldTopic | null {
  if (!topic.startsWith(`${root}/`)) return null;
  const levels = topic.slice(root.length + 1).split('/');
  if (levels.length !== 4) return null;
  const [siteText, serialno, direction, kind] = levels as [string, string, string, string];
  if (!/^[1-9][0-9]{0,9}$/.test(siteText)) return null;
  const siteId = Number(siteText);
  // Plain checks rather than the schemas': every uplink's topic comes through here.
  if (!SERIALNO.test(serialno)) return null;
  if (direction === 'up') {
    return isOneOf(uplinkKindSchema.options, kind) ? { direction, siteId, serialno, kind } : null;
  }
  if (direction === 'down') {
    return isOneOf(downlinkKindSchema.options, kind) ? { direction, siteId, serialno, kind } : null;
  }
  return null;
}
