/**
 * What the Telemetry tab shows (§1): the time since the area's last report and its count of
 * faults. Both come from the hardware views' own `hardwareStatus` (components/hardware), over the
 * same radios and units the Telemetry page lists, so the tab and the page never disagree.
 */
import type { LastUpdateDisplay, Radio, Unit } from '@paddock/domain';
import {
  hardwareStatus,
  latestReport,
  type HardwareStatus,
} from '../../components/hardware/hardware-items.ts';

export { latestReport };
export type TelemetryStatus = HardwareStatus;

type RadioHealth = Pick<
  Radio,
  'lastUpdate' | 'fault' | 'overdue' | 'online' | 'batteryValue' | 'signalValue'
>;

/** The tab's status over the area's radios and the units that serve the area. */
export function telemetryStatus(
  radios: readonly RadioHealth[],
  now: Date,
  units: readonly Pick<Unit, 'lastUpdate' | 'overdue'>[] = [],
): TelemetryStatus {
  return hardwareStatus([...radios, ...units], now);
}

/** The last-update display in words: '--', '> 1 h', '5 min', '30 s' (translated units). */
export function lastUpdateText(
  display: LastUpdateDisplay,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  switch (display.unit) {
    case 'none':
      return display.text;
    case 'hour':
      return t('Tabs.SinceHours', { value: display.value });
    case 'minute':
      return t('Tabs.SinceMinutes', { value: display.value });
    case 'second':
      return t('Tabs.SinceSeconds', { value: display.value });
  }
}
