/**
 * Fetches what a deep link /{siteId}/{areaId}/{type}/{target} names (§2, §7) and tells where it
 * lands: a radio (GET radios/{id}), a control (GET controls/{id}, plus GET programs?area= for a
 * valve's scheduling), a sensor (GET sensors?area=) or a unit (GET sites/{id}/units). A thing that
 * fails to load counts as not found. Null while loading.
 */
import type { DeepLinkRoute, Site } from '@paddock/domain';
import { useControl } from '../../../data/controls/get-control.ts';
import { useAreaPrograms } from '../../../data/programs/get-area-programs.ts';
import { useRadio } from '../../../data/radios/get-radio.ts';
import { useAreaSensors } from '../../../data/sensors/get-area-sensors.ts';
import { useSiteUnits } from '../../../data/sites/get-site-units.ts';
import { deepLinkTarget } from '../resolution.ts';

export function useDeepLinkTarget(route: DeepLinkRoute, site: Site): string | null {
  const inArea = site.areas?.some((area) => area.id === route.areaId) ?? false;
  const wants = (type: DeepLinkRoute['type']) => inArea && route.type === type;
  const radio = useRadio(route.target, { enabled: wants('radio') });
  const control = useControl(route.target, { enabled: wants('control') });
  const sensors = useAreaSensors(route.areaId, { enabled: wants('sensor') });
  const units = useSiteUnits(route.siteId, { enabled: wants('unit') });
  const isValve = control.data?.type === 'valve' && control.data.area === route.areaId;
  const programs = useAreaPrograms(route.areaId, { enabled: wants('control') && isValve });

  // An enabled query is pending until it has data or an error.
  const settled = (query: { isPending: boolean }) => !query.isPending;
  const waiting =
    (wants('radio') && !settled(radio)) ||
    (wants('control') && (!settled(control) || (isValve && !settled(programs)))) ||
    (wants('sensor') && !settled(sensors)) ||
    (wants('unit') && !settled(units));
  if (waiting) return null;

  return deepLinkTarget({
    route,
    site,
    things: {
      radio: radio.data ?? null,
      control: control.data ?? null,
      ...(sensors.data ? { sensors: sensors.data } : {}),
      ...(units.data ? { units: units.data } : {}),
      ...(programs.data ? { programs: programs.data } : {}),
    },
  });
}
