import { describe, expect, it } from 'vitest';
import { siteSummarySchema, sitesFilterOptionsSchema } from './site-summary.ts';

const hardware = {
  radios: 12,
  units: 3,
  sensors: 8,
  controls: 14,
  faults: 1,
  warnings: 2,
  overdue: 1,
};
const area = {
  area: 10,
  label: 'Irrigation',
  type: 'irrigation',
  status: 'warning',
  hasFaults: true,
  alarmsActive: true,
  zones: 6,
  program: {
    id: 600,
    name: 'Te Awa irrigation',
    activity: 'running',
    startTime: '2024-09-01T06:00:00+12:00',
    endTime: null,
  },
  hardware,
  openEvents: 4,
  activeAlarms: 1,
  lastUpdate: '2024-09-01T06:10:00+12:00',
};

describe('§2 §7 GET sites/{id}/summary', () => {
  it.each([
    [
      'a site with one irrigation area',
      { site: 1, areas: [area], hardware, kinds: [], lastUpdate: area.lastUpdate },
      true,
    ],
    [
      'a frost area without program, never reported',
      {
        site: 2,
        areas: [{ ...area, type: 'frost', program: null, status: null, lastUpdate: null }],
        hardware,
        kinds: [],
        lastUpdate: null,
      },
      true,
    ],
    [
      'a negative count',
      { site: 1, areas: [{ ...area, openEvents: -1 }], hardware, lastUpdate: null },
      false,
    ],
    [
      'an unknown program activity',
      {
        site: 1,
        areas: [{ ...area, program: { ...area.program, activity: 'watering' } }],
        hardware,
        lastUpdate: null,
      },
      false,
    ],
    ['no hardware totals', { site: 1, areas: [], kinds: [], lastUpdate: null }, false],
    [
      'a weather station with temperature',
      {
        site: 1,
        areas: [],
        hardware,
        kinds: [{ kind: 'temperature', value: 8.5, min: 7.9, max: 9.1, sensors: 2, at: null }],
        lastUpdate: null,
      },
      true,
    ],
    [
      'a summary kind the spec does not name',
      {
        site: 1,
        areas: [],
        hardware,
        kinds: [{ kind: 'sunshine', value: 1, min: 1, max: 1, sensors: 1, at: null }],
        lastUpdate: null,
      },
      false,
    ],
    ['no summary kinds', { site: 1, areas: [], hardware, lastUpdate: null }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(siteSummarySchema.safeParse(value).success).toBe(ok);
  });
});

describe('§7 GET sites/filter: lists per key', () => {
  const options = {
    application: ['irrigation', 'frost'],
    country: ['nz', 'au'],
    region: ["Hawke's Bay", 'Riverina'],
    operator: ['Paddock NZ'],
    client: ['Te Awa Vineyard Ltd'],
  };

  it('accepts the five lists', () => {
    expect(sitesFilterOptionsSchema.parse(options)).toEqual(options);
  });

  it.each([
    ['a missing key', { ...options, client: undefined }],
    ['an empty value', { ...options, region: [''] }],
  ])('refuses %s', (_why, value) => {
    expect(sitesFilterOptionsSchema.safeParse(value).success).toBe(false);
  });
});
