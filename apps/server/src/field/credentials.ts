/**
 * Who may do what on the field broker (docs/field-protocol.md "Authentication").
 *
 * Every broker client has a user name and a key. Keys are not stored: a key is the HMAC of the
 * user name under the field secret, so the operator can hand one out (`npm run field:keys`) and
 * the broker can check it without a table. Three kinds of user:
 * - `server`: the Paddock service itself (ingest, commands, provisioning); everything.
 * - a device's serial number: publishes only its own uplinks, reads only its own downlinks.
 * - `gateway-{siteId}`: a site gateway (a LoRaWAN network server, or the simulator) speaking
 *   for every device of one site.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { serialnoSchema } from '@paddock/domain';

export const SERVER_USERNAME = 'server';

export type FieldIdentity =
  | { kind: 'server' }
  | { kind: 'gateway'; siteId: number }
  | { kind: 'device'; serialno: string; siteId: number };

export function gatewayUsername(siteId: number): string {
  return `gateway-${siteId}`;
}

/** The broker password of a user name under the field secret. */
export function fieldKey(secret: string, username: string): string {
  return createHmac('sha256', secret).update(`paddock-field:${username}`).digest('base64url');
}

export function keyMatches(secret: string, username: string, presented: string): boolean {
  const expected = Buffer.from(fieldKey(secret, username));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Who a user name is, given a way to find a device's site. Null for an unknown device or a
 * malformed name: the broker refuses the connection.
 */
export async function identify(
  username: string,
  deviceSite: (serialno: string) => Promise<number | null>,
): Promise<FieldIdentity | null> {
  if (username === SERVER_USERNAME) return { kind: 'server' };
  const gateway = /^gateway-([1-9][0-9]{0,9})$/.exec(username);
  if (gateway) return { kind: 'gateway', siteId: Number(gateway[1]) };
  if (!serialnoSchema.safeParse(username).success) return null;
  const siteId = await deviceSite(username);
  return siteId === null ? null : { kind: 'device', serialno: username, siteId };
}

/** The branch a client may publish uplinks under and read downlinks from. */
function ownBranch(root: string, identity: FieldIdentity, topic: string) {
  if (identity.kind === 'server') return null;
  const levels = topic.split('/');
  const rootLevels = root.split('/');
  if (levels.length !== rootLevels.length + 4) return false;
  if (rootLevels.some((level, i) => levels[i] !== level)) return false;
  const [site, serialno, direction, kind] = levels.slice(rootLevels.length) as [
    string,
    string,
    string,
    string,
  ];
  if (site !== String(identity.siteId)) return false;
  if (identity.kind === 'device' && serialno !== identity.serialno) return false;
  return { serialno, direction, kind };
}

/** A client may publish only uplinks of its own branch (the server publishes anything). */
export function mayPublish(root: string, identity: FieldIdentity, topic: string): boolean {
  const branch = ownBranch(root, identity, topic);
  if (branch === null) return true;
  if (!branch) return false;
  return branch.direction === 'up' && !/[+#]/.test(branch.serialno + branch.kind);
}

/**
 * A client may subscribe only to downlinks of its own branch; a gateway may use `+` for the
 * device level of its site.
 */
export function maySubscribe(root: string, identity: FieldIdentity, filter: string): boolean {
  const branch = ownBranch(root, identity, filter);
  if (branch === null) return true;
  if (!branch) return false;
  if (branch.direction !== 'down') return false;
  if (branch.kind.includes('#')) return false;
  if (identity.kind === 'device')
    return !branch.serialno.includes('+') && !branch.serialno.includes('#');
  return branch.serialno === '+' || !/[+#]/.test(branch.serialno);
}
