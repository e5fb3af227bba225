/** A zone's and a meter's flow settings as GET sections/{id}/flow and GET sensors/{id}/flow show them. */
import {
  expectedZoneFlow,
  meterFlowLimitsSchema,
  zoneFlowLimitsSchema,
  type MeterFlowSettings,
  type ZoneFlowSettings,
} from '@paddock/domain';
import type { MeterFlowRow, ZoneFlowRow } from './flow.repository.ts';

/** Flows are shown to a tenth of a litre a minute. */
const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The zone's expected flow, rounded as shown. */
function expectedOf(zone: ZoneFlowRow): ZoneFlowSettings['expected'] {
  const { source, flow } = expectedZoneFlow(zone);
  return { source, flow: tenth(flow) };
}

export function presentZoneFlow(zone: ZoneFlowRow): ZoneFlowSettings {
  return {
    section: zone.sectionId,
    label: zone.label,
    limits: zoneFlowLimitsSchema.parse(zone.limits ?? {}),
    designedFlow: zone.designedFlow,
    learned: { flow: tenth(zone.learnedFlow), runs: zone.learnedRuns, at: iso(zone.learnedAt) },
    expected: expectedOf(zone),
  };
}

export function presentMeterFlow(
  meter: MeterFlowRow,
  zones: readonly ZoneFlowRow[],
): MeterFlowSettings {
  const expected = zones.map((zone) => ({
    section: zone.sectionId,
    label: zone.label,
    expected: expectedOf(zone),
  }));
  const flows = expected.flatMap((zone) =>
    zone.expected.flow === null ? [] : [zone.expected.flow],
  );
  const { state } = meter;
  return {
    sensor: meter.sensorId,
    label: meter.label,
    limits: meterFlowLimitsSchema.parse(meter.limits ?? {}),
    zones: expected,
    largestZoneFlow: flows.length === 0 ? null : Math.max(...flows),
    now:
      state === null
        ? null
        : {
            phase: state.zones.phase,
            mainline: state.mainline.phase,
            since: state.zones.since === null ? null : new Date(state.zones.since).toISOString(),
            readingAt:
              state.lastReadingAt === null ? null : new Date(state.lastReadingAt).toISOString(),
          },
  };
}
