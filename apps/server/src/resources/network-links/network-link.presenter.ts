/** A site's network server links and what they heard, as the console reads them (issue 32 item 7). */
import { NETWORK_LINK_SILENCE_MS, type HeardDevice, type NetworkLink } from '@paddock/domain';
import type { lorawanHeard, networkLinks } from '../../db/schema.ts';

export type NetworkLinkRow = typeof networkLinks.$inferSelect;
export type HeardRow = typeof lorawanHeard.$inferSelect;

/**
 * Never the password, only whether there is one. A connected link silent for two hours (since
 * its last uplink, or since it connected if none came) is shown as such: the client only knows
 * it is connected, and silence is what a grower must be told.
 */
export function presentNetworkLink(row: NetworkLinkRow, now: Date): NetworkLink {
  const since = row.lastUplinkAt ?? row.stateAt;
  const silent =
    row.state === 'connected' &&
    since !== null &&
    now.getTime() - since.getTime() >= NETWORK_LINK_SILENCE_MS;
  return {
    id: row.id,
    site: row.siteId,
    kind: row.kind,
    url: row.url,
    username: row.username,
    hasPassword: row.passwordSealed !== null,
    applicationId: row.applicationId,
    tenant: row.tenant,
    state: silent ? 'no uplink for 2 h' : row.state,
    stateDetail: row.stateDetail,
    lastUplinkAt: row.lastUplinkAt?.toISOString() ?? null,
    created: row.createdAt.toISOString(),
    modified: row.modifiedAt.toISOString(),
  };
}

export function presentHeard(row: HeardRow): HeardDevice {
  return {
    devEui: row.devEui,
    lastFCnt: row.lastFCnt,
    lastSeen: row.lastSeen.toISOString(),
    rssi: row.rssi,
    snr: row.snr,
  };
}
