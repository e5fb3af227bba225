/** The farm's things as the API presents them, written out by hand, for the tests of several calls. */
import type { Section } from '@paddock/domain';
import type { TestApp } from './test-app.ts';

/** The irrigation area's three zones as §3 sections, in number order. */
export function presentedIrrigationZones(t: TestApp): Section[] {
  const { zone1, zone2, zone3 } = t.farm.sections;
  return [zone1, zone2, zone3].map((zone) => ({
    id: zone.id,
    number: zone.number,
    label: zone.label,
    type: 'irrigationZone',
    area: t.farm.areas.irrigation.id,
    outline: zone.outline,
    location: null,
    selected: false,
  }));
}
