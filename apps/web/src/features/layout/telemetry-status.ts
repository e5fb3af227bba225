/**
 * What the Telemetry tab shows (§1): the time since the area's last radio report and its count of
 * faults, counted as §4 counts: overdue hardware is excluded from the fault count (it shows by its
 * own danger colour), the same rule as the site list's brief summary.
 */
import {
  hardwareCounts,
  lastUpdateDisplay,
  type LastUpdateDisplay,
  type Radio,
} from '@paddock/domain';

export interface TelemetryStatus {
  readonly lastUpdate: LastUpdateDisplay;
  readonly faults: number;
}

type RadioHealth = Pick<
  Radio,
  'lastUpdate' | 'fault' | 'overdue' | 'online' | 'batteryValue' | 'signalValue'
>;

/** The newest report among the radios, or null when none has reported. */
export function latestReport(radios: readonly Pick<Radio, 'lastUpdate'>[]): string | null {
  let latest: { text: string; at: number } | null = null;
  for (const { lastUpdate } of radios) {
    if (lastUpdate === null) continue;
    const at = new Date(lastUpdate).getTime();
    if (!Number.isNaN(at) && (latest === null || at > latest.at)) latest = { text: lastUpdate, at };
  }
  return latest?.text ?? null;
}

export function telemetryStatus(radios: readonly RadioHealth[], now: Date): TelemetryStatus {
  return {
    lastUpdate: lastUpdateDisplay(latestReport(radios), now),
    faults: hardwareCounts(radios).faults,
  };
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
