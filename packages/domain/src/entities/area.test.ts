import { describe, expect, it } from 'vitest';
import { buildArea } from '../testing/factories.ts';
import { areaSchema, areaUpdateBodySchema } from './area.ts';

describe('§3 area', () => {
  it.each([
    ['an irrigation area with sections', buildArea(), true],
    ['fetched withoutSections=true', buildArea({ sections: undefined }), true],
    [
      'a frost area in Victoria',
      buildArea({
        label: 'Frost fans',
        type: 'frost',
        capabilities: ['temperature', 'batterySignal'],
      }),
      true,
    ],
    ['an empty type (treated as water)', buildArea({ type: '', capabilities: ['things'] }), true],
    [
      'with GeoJSON geometry',
      buildArea({ geometry: { type: 'Point', coordinates: [176.82, -39.61] } }),
      true,
    ],
    ['not yet reported', buildArea({ status: null }), true],
    ['an unknown type', { ...buildArea(), type: 'greenhouse' }, false],
    ['an unknown capability', { ...buildArea(), capabilities: ['rainfall'] }, false],
    ['an outline of two points', buildArea({ outline: '[[-39.6,176.81],[-39.6,176.83]]' }), false],
    ['no snoozed flag', { ...buildArea(), snoozed: undefined }, false],
    ['an unknown status word', { ...buildArea(), status: 'ok' }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(areaSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§7 PUT areas/{id}: label, or site plus alarmsActive, or site plus snoozed', () => {
  it.each([
    ['a rename', { label: 'Top block' }],
    ['alarms off', { site: 1, alarmsActive: false }],
    ['snoozed', { site: 1, snoozed: true }],
  ])('accepts %s', (_why, body) => {
    expect(areaUpdateBodySchema.parse(body)).toEqual(body);
  });

  it('trims a new label: people type names', () => {
    expect(areaUpdateBodySchema.parse({ label: '  Top block ' })).toEqual({ label: 'Top block' });
  });

  it.each([
    ['label mixed with alarmsActive', { label: 'Top block', site: 1, alarmsActive: true }],
    ['alarmsActive mixed with snoozed', { site: 1, alarmsActive: true, snoozed: true }],
    ['alarmsActive without site', { alarmsActive: true }],
    ['snoozed without site', { snoozed: false }],
    ['an empty label', { label: '' }],
    ['a blank label', { label: '   ' }],
    ['an empty body', {}],
    ['site alone', { site: 1 }],
  ])('refuses %s', (_why, body) => {
    expect(areaUpdateBodySchema.safeParse(body).success).toBe(false);
  });
});
