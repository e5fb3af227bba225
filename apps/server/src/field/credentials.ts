/**
 * Who may do what on the field broker (docs/field-protocol.md "Authentication").
 *
 * Every broker client has a user name and a key. Keys are not stored: a key is the HMAC of the
 * user name under the field secret, so the operator can hand one out (`npm run field:keys`) and
 * the broker can check it without a table. Four kinds of user:
 * - `server`: the Paddock service itself (ingest, commands, provisioning); everything.
 * - a device's serial number: publishes only its own uplinks, reads only its own downlinks.
 * - `gateway-{siteId}`: a site gateway (a LoRaWAN network server, or the simulator) speaking
 *   for every device of one site.
 * - `network-server`: a LoRaWAN network server's MQTT integration using this broker as its own
 *   (the demo's simulated ChirpStack, and the server's link to it): ChirpStack's `application/…`
 *   and The Things Stack's `v3/…` trees, never the field protocol's root, whose topics it has no
 *   business with.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { serialnoSchema } from '@paddock/domain';

export const SERVER_USERNAME = 'server';
export const NETWORK_SERVER_USERNAME = 'network-server';

/** The first topic level of ChirpStack v4's and The Things Stack v3's MQTT integrations. */
const NETWORK_SERVER_TREES = new Set(['application', 'v3']);

export type FieldIdentity =
  | { kind: 'server' }
  | { kind: 'networkServer' }
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
  if (username === NETWORK_SERVER_USERNAME) return { kind: 'networkServer' };
  const gateway = /^gateway-([1-9][0-9]{0,9})$/.exec(username);
  if (gateway) return { kind: 'gateway', siteId: Number(gateway[1]) };
  if (!serialnoSchema.safeParse(username).success) return null;
  const siteId = await deviceSite(username);
  return siteId === null ? null : { kind: 'device', serialno: username, siteId };
}

/**
 * Whether a topic or filter may reach a topic under the root: it does unless one of its levels
 * differs from the root's there (`+` matches any level, `#` every level below).
 */
function reachesRoot(root: string, topic: string): boolean {
  const levels = topic.split('/');
  for (const [index, level] of root.split('/').entries()) {
    const given = levels[index];
    if (given === '#') return true;
    if (given === undefined || (given !== '+' && given !== level)) return false;
  }
  return true;
}

/**
 * A network server's own trees, by their literal first level, and only where they cannot reach
 * the field root (a root set inside them, e.g. `application/paddock`, stays closed).
 */
function inNetworkServerTrees(root: string, topic: string): boolean {
  const first = topic.split('/')[0] ?? '';
  return NETWORK_SERVER_TREES.has(first) && !reachesRoot(root, topic);
}

/** The branch a client may publish uplinks under and read downlinks from. */
function ownBranch(
  root: string,
  identity: Exclude<FieldIdentity, { kind: 'networkServer' }>,
  topic: string,
) {
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

/**
 * A client may publish only uplinks of its own branch (the server publishes anything, a network
 * server only in its own trees).
 */
export function mayPublish(root: string, identity: FieldIdentity, topic: string): boolean {
  if (identity.kind === 'networkServer') return inNetworkServerTrees(root, topic);
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
  if (identity.kind === 'networkServer') return inNetworkServerTrees(root, filter);
  const branch = ownBranch(root, identity, filter);
  if (branch === null) return true;
  if (!branch) return false;
  if (branch.direction !== 'down') return false;
  if (branch.kind.includes('#')) return false;
  if (identity.kind === 'device')
    return !branch.serialno.includes('+') && !branch.serialno.includes('#');
  return branch.serialno === '+' || !/[+#]/.test(branch.serialno);
}
