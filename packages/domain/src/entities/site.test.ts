import { describe, expect, it } from 'vitest';
import { buildArea, buildSite } from '../testing/factories.ts';
import {
  isDayMonth,
  seasonSchema,
  siteConfigBodySchema,
  siteConfigSchema,
  siteSchema,
  siteSettingsSchema,
  siteTagsSchema,
  siteUpdateBodySchema,
} from './site.ts';

describe('§3 season: start and end as DDMM', () => {
  it.each([
    ['0109', true, '1 September'],
    ['3004', true, '30 April'],
    ['3112', true, '31 December'],
    ['0101', true, '1 January'],
    ['2902', true, '29 February (leap years)'],
    ['3002', false, '30 February'],
    ['3104', false, '31 April'],
    ['0013', false, 'month 13'],
    ['0009', false, 'day 0'],
    ['0100', false, 'month 0'],
    ['109', false, 'three digits'],
    ['01-09', false, 'with a dash'],
    ['', false, 'empty'],
  ])('%j is a day-month: %s (%s)', (text, ok) => {
    expect(isDayMonth(text)).toBe(ok);
  });

  it.each([
    [{ start: '0109', end: '3004' }, true],
    [{ start: '0109' }, false],
    [{ start: '3002', end: '3004' }, false],
    [{ start: 109, end: 3004 }, false],
  ])('season %j is accepted: %s', (value, ok) => {
    expect(seasonSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 site config: season, timezone, others optional', () => {
  it('reads a stored config without the keys it does not know', () => {
    const season = { start: '0109', end: '3004' };
    const config = { season, frostAlerts: { from: '0105' } };
    expect(siteConfigSchema.parse(config)).toEqual({ season });
  });

  it.each([
    [{ timezone: 'Pacific/Auckland' }, true],
    [{ timezone: 'UTC' }, true],
    [{ timezone: 'Asia/Kolkata' }, true],
    [{ timezone: 'Europe/Kyiv' }, true],
    [{ timezone: 'America/Argentina/Buenos_Aires' }, true],
    [{ timezone: 'Etc/UTC' }, true],
    [{ timezone: 'Not/AZone' }, false],
    [{ timezone: 'pacific/auckland' }, false],
    [{ timezone: 'Pacific' }, false],
    [{ timezone: 'GMT' }, false],
  ])('time zone %j is accepted: %s (the IANA list)', (value, ok) => {
    expect(siteConfigBodySchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    [{}, true],
    [{ timezone: 'Australia/Melbourne' }, true],
    [{ timezone: '' }, false],
    [{ season: { start: '3002', end: '3004' } }, false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(siteConfigSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 site tags and settings', () => {
  it.each([
    [{ country: 'nz', region: "Hawke's Bay", cropType: 'grapes' }, true],
    [{ country: 'au', region: 'Riverina' }, true],
    [{ country: 'us', region: 'California' }, false],
    [{ country: 'NZ', region: 'Canterbury' }, false],
    [{ country: 'nz' }, false],
  ])('tags %j are accepted: %s', (value, ok) => {
    expect(siteTagsSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    [{}, true],
    [{ markers: [{ label: 'Pump shed', location: { lat: -39.61, lng: 176.82 } }] }, true],
    [
      {
        polygons: [
          {
            label: 'Boundary',
            path: [
              { lat: -39.6, lng: 176.81 },
              { lat: -39.6, lng: 176.83 },
              { lat: -39.62, lng: 176.83 },
            ],
          },
        ],
      },
      true,
    ],
    [
      {
        polygons: [
          {
            label: 'Sliver',
            path: [
              { lat: -39.6, lng: 176.81 },
              { lat: -39.6, lng: 176.83 },
            ],
          },
        ],
      },
      false,
    ],
    [{ markers: [{ label: 'Off the map', location: { lat: -95, lng: 176.82 } }] }, false],
  ])('settings %j are accepted: %s', (value, ok) => {
    expect(siteSettingsSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 site', () => {
  it.each([
    ['an NZ vineyard with its areas', buildSite()],
    ['a list entry without areas', buildSite({ areas: undefined })],
    [
      'an AU almond orchard',
      buildSite({
        id: 2,
        label: 'Riverina Almonds',
        location: '[-34.2886,146.0506]',
        tags: { country: 'au', region: 'Riverina', cropType: 'almonds' },
        applications: ['irrigation', 'frost'],
        config: { timezone: 'Australia/Sydney' },
        areas: [buildArea({ id: 20, site: 2, label: 'North orchard' })],
        summary: { faults: 1, warnings: 2, running: 0, lastUpdate: '2024-09-01T05:00:00+10:00' },
      }),
    ],
  ])('accepts %s', (_why, site) => {
    expect(siteSchema.parse(site)).toEqual(site);
  });

  it.each([
    ['a text id', { id: '1' }],
    ['a location with lat out of range', { location: '[-139.6,176.8]' }],
    ['an invalid season', { config: { season: { start: '0109', end: '3102' } } }],
    ['an unknown country', { tags: { country: 'uk', region: 'Kent' } }],
    ['an area of the wrong shape', { areas: [{ id: 10 }] }],
    ['no modified date', { modified: undefined }],
  ])('refuses %s', (_why, overrides) => {
    expect(siteSchema.safeParse({ ...buildSite(), ...overrides }).success).toBe(false);
  });
});

describe('§7 PUT sites/{id}: body config', () => {
  it('sends the existing config with the new season', () => {
    const body = {
      config: { timezone: 'Pacific/Auckland', season: { start: '0110', end: '3103' } },
    };
    expect(siteUpdateBodySchema.parse(body)).toEqual(body);
  });

  it('refuses a config key the spec does not name, naming it', () => {
    const body = {
      config: { timezone: 'Pacific/Auckland', season: { start: '0110', end: '3103' }, other: 1 },
    };
    const result = siteUpdateBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['other'] });
  });

  it.each([
    [{}, 'no config'],
    [{ config: { season: { start: '0110' } } }, 'a season without end'],
    [{ season: { start: '0110', end: '3103' } }, 'the season outside config'],
  ])('refuses %j (%s)', (body, _why) => {
    expect(siteUpdateBodySchema.safeParse(body).success).toBe(false);
  });
});
