/**
 * Everything the irrigation workspace reads about one area (§7): its program, sections, controls,
 * radios and the site's units, and the §4 views of them. The program and controls poll at the
 * live pace while the program is live (live.ts); the views are memoised on the query data, which
 * TanStack Query keeps referentially stable where a poll changed nothing.
 */
import { useMemo } from 'react';
import { useAreaSections } from '../../../data/areas/get-area-sections.ts';
import { useAreaRadios } from '../../../data/radios/get-area-radios.ts';
import { useSiteUnits } from '../../../data/sites/get-site-units.ts';
import { useLiveAreaControls, useLiveAreaPrograms } from '../api/get-live-area-data.ts';
import { sectionShapes, valveViews, zoneViews } from '../irrigation-view.ts';
import { isProgramLive } from '../live.ts';

export function useIrrigationArea(siteId: number, areaId: number, now: Date) {
  const programs = useLiveAreaPrograms(areaId);
  const program = programs.data?.[0];
  const live = program ? isProgramLive(program, now) : false;
  const sections = useAreaSections(areaId);
  const controls = useLiveAreaControls(areaId, live);
  const radios = useAreaRadios(areaId);
  const units = useSiteUnits(siteId);

  const shapes = useMemo(() => sectionShapes(sections.data ?? []), [sections.data]);
  const valves = useMemo(
    () => valveViews(controls.data ?? [], program, now),
    [controls.data, program, now],
  );
  const zones = useMemo(
    () => zoneViews(sections.data ?? [], program, valves),
    [sections.data, program, valves],
  );
  const pumps = useMemo(
    () => (controls.data ?? []).filter((control) => control.type === 'pump'),
    [controls.data],
  );

  return {
    program,
    live,
    shapes,
    zones,
    valves,
    pumps,
    radios: radios.data,
    units: units.data,
    /** The program and the sections are what the page needs before it can show anything. */
    loading: (programs.isPending || sections.isPending) && !(programs.isError || sections.isError),
    failed: programs.isError || sections.isError,
    retry: () => {
      void programs.refetch();
      void sections.refetch();
    },
  };
}
