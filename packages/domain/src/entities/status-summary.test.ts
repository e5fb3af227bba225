import { describe, expect, it } from 'vitest';
import { statusSummarySchema } from './status-summary.ts';

describe('§3 §7 status summary', () => {
  it.each([
    ['nothing to report', { activeIncidents: [], activeMaintenances: [] }, true],
    [
      'an incident with extra keys',
      {
        activeIncidents: [
          { name: 'Delayed telemetry', url: 'https://status.example.com/i/1', impact: 'minor' },
        ],
        activeMaintenances: [],
        page: { id: 'x' },
      },
      true,
    ],
    [
      'a maintenance without url',
      { activeIncidents: [], activeMaintenances: [{ name: 'Database upgrade' }] },
      true,
    ],
    [
      'an incident without name',
      { activeIncidents: [{ url: 'https://status.example.com' }], activeMaintenances: [] },
      false,
    ],
    ['no maintenances list', { activeIncidents: [] }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(statusSummarySchema.safeParse(value).success).toBe(ok);
  });

  it('keeps keys the status page adds', () => {
    const parsed = statusSummarySchema.parse({
      activeIncidents: [{ name: 'Outage', impact: 'major' }],
      activeMaintenances: [],
    });
    expect(parsed.activeIncidents[0]).toEqual({ name: 'Outage', impact: 'major' });
  });
});
