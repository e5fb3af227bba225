/**
 * A device's QoS 1 publish that counts as delivered only once a subscriber took it (field
 * protocol, "Uplinks the broker had no subscriber for").
 *
 * A broker's PUBACK only says it has the message. A broker that comes back from a crash without
 * ingest's session (Mosquitto saves sessions every autosave_interval, and 2.0's restored shared
 * subscriptions deliver nothing until made again) acknowledges and drops what devices flush into
 * it before ingest has subscribed again. Over MQTT 5 it says so: the PUBACK's reason code is
 * 0x10 "No matching subscribers" (MQTT 5 §3.4.2.1). A device keeps such a message and sends it
 * again until a PUBACK says Success; ingest stores a reading once whatever the number of copies
 * (natural keys), so sending again is always safe. MQTT 3.1.1 has no reason codes: there every
 * PUBACK counts.
 */
import type { MqttClient } from 'mqtt';

/** MQTT 5 PUBACK reason code: the broker took the message and had no subscriber for it. */
export const NO_MATCHING_SUBSCRIBERS = 0x10;

/** How long a device waits before sending again what no subscriber took. */
const RESEND_AFTER_MS = 500;

/** PUBACK reason codes by message id, read as each PUBACK arrives (before its callback runs). */
const pubackCodes = new WeakMap<MqttClient, Map<number, number>>();

function codesOf(client: MqttClient): Map<number, number> {
  let codes = pubackCodes.get(client);
  if (!codes) {
    const map = new Map<number, number>();
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'puback' && packet.messageId !== undefined) {
        map.set(packet.messageId, packet.reasonCode ?? 0);
      }
    });
    pubackCodes.set(client, map);
    codes = map;
  }
  return codes;
}

export type ConfirmedPublishOptions = {
  /** Gives up (rejects) after this many sends; unlimited by default. */
  maxSends?: number;
  resendAfterMs?: number;
  /** Told each time a message is sent again. */
  onResend?: (sends: number) => void;
  /** Stops sending again (e.g. the device is shutting down); the promise then rejects. */
  stopped?: () => boolean;
};

/**
 * Publishes at QoS 1 and resolves once a PUBACK with Success (or, over MQTT 3.1.1, any PUBACK)
 * arrived; a PUBACK saying no subscriber took it sends the message again after a pause.
 */
export function publishConfirmed(
  client: MqttClient,
  topic: string,
  payload: string | Buffer,
  options: ConfirmedPublishOptions = {},
): Promise<void> {
  const codes = codesOf(client);
  const resendAfterMs = options.resendAfterMs ?? RESEND_AFTER_MS;
  return new Promise((resolve, reject) => {
    let sends = 0;
    const send = () => {
      if (options.stopped?.()) {
        reject(new Error('stopped before a subscriber took the message'));
        return;
      }
      sends++;
      client.publish(topic, payload, { qos: 1 }, (error, packet) => {
        if (error) {
          reject(error);
          return;
        }
        const messageId = (packet as { messageId?: number } | undefined)?.messageId;
        const code = messageId === undefined ? 0 : (codes.get(messageId) ?? 0);
        if (messageId !== undefined) codes.delete(messageId);
        if (code !== NO_MATCHING_SUBSCRIBERS) {
          resolve();
          return;
        }
        if (options.maxSends !== undefined && sends >= options.maxSends) {
          reject(new Error(`no subscriber took the message after ${sends} sends`));
          return;
        }
        options.onResend?.(sends);
        setTimeout(send, resendAfterMs);
      });
    };
    send();
  });
}
