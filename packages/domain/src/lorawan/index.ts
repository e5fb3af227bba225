/**
 * LoRaWAN network servers (issue 32): their messages, the devEUI rule, frame counters, air time
 * and the device profiles that make decoded fields into readings. What the server's links, the
 * console and the simulator need; the rest stays inside.
 */
export {
  batteryLevelOf,
  chirpStackAckSchema,
  chirpStackStatusSchema,
  chirpStackTxAckSchema,
  chirpStackUplinkSchema,
  ttsUplinkSchema,
  uplinkFromChirpStack,
  uplinkFromTts,
  type ChirpStackAck,
  type ChirpStackStatus,
  type ChirpStackTxAck,
  type ChirpStackUplink,
  type TtsUplink,
  type Uplink,
  type UplinkSignal,
} from './uplink.ts';
export { devEuiSchema, normaliseDevEui } from './dev-eui.ts';
export { judgeFrameCounter, type FrameCounterDecision, type LastFrame } from './frame-counter.ts';
export {
  FAIR_USE_WINDOW_MS,
  fairUse,
  TTN_FAIR_USE_SECONDS_PER_DAY,
  uplinkAirtime,
  type AirtimeUplink,
  type FairUse,
  type FairUseState,
} from './airtime.ts';
export {
  BUILT_IN_DEVICE_PROFILES,
  fieldMappingSchema,
  readingsOfUplink,
  tankLevelMapping,
  type DeviceProfile,
  type DeviceProfileKind,
  type FieldMapping,
  type MappedReading,
} from './device-profiles.ts';
export { decodePayload, type PayloadDecoderName } from './payload-decoders.ts';
export {
  chirpStackDownlink,
  chirpStackDownlinkSchema,
  chirpStackDownTopic,
  decodeValveCommand,
  encodeValveCommand,
  lorawanCommandTimeoutSeconds,
  MAX_VALVE_OUTPUTS,
  settlementOfChirpStack,
  settlementOfTts,
  ttsDefaultDeviceId,
  ttsDownlinkEventSchema,
  ttsDownlinkPush,
  ttsDownlinkPushSchema,
  ttsDownTopic,
  VALVE_COMMAND_FPORT,
  type ChirpStackDownlink,
  type DownlinkSettlement,
  type TtsDownlinkEvent,
  type TtsDownlinkPush,
  type ValveCommand,
} from './downlink.ts';
export { base64Of } from './base64.ts';
export {
  chirpStackEventTopic,
  ttsEventTopic,
  type ChirpStackEvent,
  type TtsEvent,
} from './topics.ts';
