/**
 * The demo's LoRaWAN site (issue 32 item 6): Red Cliffs Citrus's soil probes are LoRaWAN devices
 * behind a ChirpStack network server, so a fresh `npm start` shows a network-server site working
 * beside the native ones. The probes get devEUIs when the farm is seeded; the site gets a
 * `chirpstack` link to the embedded broker, which stands in for ChirpStack's own broker (its
 * `network-server` user, docs/field-protocol.md "Authentication"), and the simulator publishes
 * the probes' reports there as ChirpStack does. The broker may listen on another port at the
 * next start, so every start points the link at this start's broker, as the demo webhook is; a
 * link a person deleted stays deleted, and the site's probes then go quiet, as they would.
 *
 * A multi-layer probe has no built-in LoRaWAN profile (the LSE01 measures one depth), so the
 * site's keeps the native protocol. One zone's valve controller is a LoRaWAN one as well: its
 * valves open and close through ChirpStack's command/down (issue 32 item 3). One more device, which no radio has, reports through the
 * same application: the Network servers card lists it as heard, for a site admin to attach.
 */
import { schema as t, type Database, type Transaction } from '@paddock/server';
import { and, eq, sql } from 'drizzle-orm';

export const DEMO_NETWORK_SITE = 'Red Cliffs Citrus';
/** The ChirpStack application the site's devices are in (ChirpStack names them by UUID). */
const DEMO_CHIRPSTACK_APPLICATION = '5f1c0a3e-7b2d-4e8f-9c61-3a7d2b9e4f10';
/** A Milesight temperature-humidity sensor in the application that no radio has yet. */
export const DEMO_UNPROVISIONED_DEV_EUI = '24E124136B502217';
/** Dragino's OUI: the probes are LSE01s. */
const PROBE_DEV_EUI_PREFIX = 'A84041';
/** The site's first zone valve controller, behind the same network server (Milesight's OUI). */
export const DEMO_VALVE_DEV_EUI = '24E124460C281937';

/**
 * Gives the network site's soil probe radios and its first valve controller their devEUIs; the
 * number of radios given one.
 * Run in the seed's transaction, after the site's sensors.
 */
export async function seedDemoDevEuis(tx: Transaction, siteId: number): Promise<number> {
  const probes = await tx
    .select({ id: t.radios.id })
    .from(t.radios)
    .where(
      and(
        eq(t.radios.siteId, siteId),
        sql`${t.radios.tags}->>'identifier' = 'soil'`,
        sql`not exists (select 1 from ${t.sensors} where ${t.sensors.radioId} = ${t.radios.id} and ${t.sensors.tags}->>'identifier' = 'multiLayer')`,
      ),
    )
    .orderBy(t.radios.id);
  for (const [index, probe] of probes.entries()) {
    const serial = `${siteId.toString(16).padStart(6, '0')}${index.toString(16).padStart(4, '0')}`;
    const devEui = `${PROBE_DEV_EUI_PREFIX}${serial.toUpperCase()}`;
    await tx.update(t.radios).set({ devEui }).where(eq(t.radios.id, probe.id));
  }
  // One zone's valve controller too: its valve test goes down the link, and the console says
  // "Waiting for the device" until the device's next uplink takes it.
  const [valveController] = await tx
    .select({ id: t.radios.id })
    .from(t.radios)
    .innerJoin(t.controls, eq(t.controls.radioId, t.radios.id))
    .where(and(eq(t.radios.siteId, siteId), eq(t.controls.type, 'valve')))
    .orderBy(t.radios.id)
    .limit(1);
  if (valveController) {
    await tx
      .update(t.radios)
      .set({ devEui: DEMO_VALVE_DEV_EUI })
      .where(eq(t.radios.id, valveController.id));
  }
  return probes.length + (valveController ? 1 : 0);
}

export type DemoNetworkLink = { siteId: number; applicationId: string };

/**
 * Points the network site's ChirpStack link at this start's broker with the network server's
 * login (adding it when the farm was seeded now); the site and application, or null when the
 * site or its link is gone.
 */
export async function pointDemoNetworkLink(
  db: Database,
  link: { url: string; username: string; passwordSealed: string },
  options: { seeded: boolean; now: Date },
): Promise<DemoNetworkLink | null> {
  const [site] = await db
    .select({ id: t.sites.id })
    .from(t.sites)
    .where(eq(t.sites.label, DEMO_NETWORK_SITE));
  if (!site) return null;
  const values = { url: link.url, username: link.username, passwordSealed: link.passwordSealed };
  const moved = await db
    .update(t.networkLinks)
    .set({ ...values, state: 'pending', stateDetail: null, stateAt: null })
    .where(
      and(
        eq(t.networkLinks.siteId, site.id),
        eq(t.networkLinks.applicationId, DEMO_CHIRPSTACK_APPLICATION),
      ),
    )
    .returning({ id: t.networkLinks.id });
  if (moved.length === 0) {
    if (!options.seeded) return null;
    await db.insert(t.networkLinks).values({
      siteId: site.id,
      kind: 'chirpstack',
      ...values,
      applicationId: DEMO_CHIRPSTACK_APPLICATION,
      tenant: null,
      createdAt: options.now,
      modifiedAt: options.now,
    });
  }
  return { siteId: site.id, applicationId: DEMO_CHIRPSTACK_APPLICATION };
}
