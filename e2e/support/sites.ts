/**
 * Finding the demo farm's sites and areas through the API, for the specs that set up or check
 * beside what they do in the browser.
 */
import type { ApiSession } from './api.ts';

/** A site as `GET /sites/{id}` gives it, with only what most specs read. */
export interface DemoSite {
  id: number;
  label: string;
  areas?: { id: number; type: string; label: string }[];
}

/**
 * The demo site called `label` as `GET /sites/{id}` gives it (with its areas, which the list
 * leaves out); `Site` names the fields a spec reads beyond `DemoSite`'s.
 */
export async function demoSite<Site extends { id: number; label: string } = DemoSite>(
  api: ApiSession,
  label: string,
): Promise<Site> {
  const listed = (await api.get<Site[]>('/sites')).find((site) => site.label === label);
  if (!listed) throw new Error(`no demo site ${label}`);
  return api.get<Site>(`/sites/${listed.id}`);
}

/** The site's area of `type` (irrigation, frost, ...); the demo farm has one of each at most. */
export function siteArea<Area extends { type: string }>(
  site: { label: string; areas?: Area[] },
  type: string,
): Area {
  const area = site.areas?.find((candidate) => candidate.type === type);
  if (!area) throw new Error(`${site.label} has no ${type} area`);
  return area;
}
