import { describe, expect, it } from 'vitest';
import { testI18n } from '../../testing/test-i18n.ts';
import { lastUpdateText, latestReport, telemetryStatus } from './telemetry-status.ts';

const now = new Date('2026-06-01T12:00:00Z');
const radio = (
  lastUpdate: string | null,
  health: Partial<{ fault: boolean; overdue: boolean }> = {},
) => ({
  lastUpdate,
  fault: health.fault ?? false,
  overdue: health.overdue ?? false,
  online: true,
  batteryValue: 3.6,
  signalValue: -70,
});
const t = testI18n.t.bind(testI18n) as (key: string, options?: Record<string, unknown>) => string;

describe('§1 Telemetry tab: time since the last update and the count of faults', () => {
  it('takes the newest report', () => {
    expect(
      latestReport([radio('2026-06-01T11:50:00Z'), radio(null), radio('2026-06-01T11:58:00Z')]),
    ).toBe('2026-06-01T11:58:00Z');
    expect(latestReport([radio(null)])).toBeNull();
  });

  it('counts what the Fault filter lists: faulted or overdue radios and units (§4)', () => {
    const status = telemetryStatus(
      [
        radio('2026-06-01T11:59:30Z'),
        radio(null, { fault: true }),
        radio(null, { overdue: true }),
        radio(null, { overdue: true, fault: true }),
      ],
      now,
      [{ lastUpdate: '2026-06-01T11:59:50Z', overdue: true }],
    );
    expect(status).toEqual({ lastUpdate: { unit: 'second', value: 10 }, faults: 4 });
  });

  it.each([
    [[], '--'],
    [[radio('2026-06-01T10:00:00Z')], '> 1 h'],
    [[radio('2026-06-01T11:55:00Z')], '5 min'],
    [[radio('2026-06-01T11:59:50Z')], '10 s'],
  ])('words %j as %s', (radios, text) => {
    expect(lastUpdateText(telemetryStatus(radios, now).lastUpdate, t)).toBe(text);
  });
});
