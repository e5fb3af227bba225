/**
 * Where the network servers publish a device's events (issue 32 items 2 and 6): ChirpStack v4
 * under `application/{application id}/device/{devEUI}/event/{event}`, the devEUI lower-case as
 * its topics write it; The Things Stack v3 under `v3/{application id}@{tenant}/devices/{device
 * id}/{event}`. A link subscribes to them; the simulator publishes on them. The downlink topics
 * are in downlink.ts.
 */

/** The ChirpStack integration events a link reads or the simulator writes. */
export type ChirpStackEvent = 'up' | 'status' | 'txack' | 'ack';

export function chirpStackEventTopic(
  applicationId: string,
  devEui: string,
  event: ChirpStackEvent,
): string {
  return `application/${applicationId}/device/${devEui.toLowerCase()}/event/${event}`;
}

/** The Things Stack's uplink and the events of a downlink's way to the device. */
export type TtsEvent = 'up' | 'down/sent' | 'down/ack' | 'down/nack' | 'down/failed';

export function ttsEventTopic(
  applicationId: string,
  tenant: string,
  deviceId: string,
  event: TtsEvent,
): string {
  return `v3/${applicationId}@${tenant}/devices/${deviceId}/${event}`;
}
