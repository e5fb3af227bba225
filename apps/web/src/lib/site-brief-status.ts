/**
 * A site's overall state from its brief summary (§3 Site.summary), for the site list and the
 * dashboard markers: any fault wins, then any warning, else normal. Colours are §9's.
 */
import { COLOURS, type Colour, type SiteBriefSummary } from '@paddock/domain';

export type SiteBriefStatus = 'fault' | 'warning' | 'normal';

export function siteBriefStatus(summary: SiteBriefSummary | null | undefined): SiteBriefStatus {
  if (summary && summary.faults > 0) return 'fault';
  if (summary && summary.warnings > 0) return 'warning';
  return 'normal';
}

/** Decision: a site with nothing wrong shows the success green. */
export const SITE_BRIEF_COLOURS: Readonly<Record<SiteBriefStatus, Colour>> = {
  fault: COLOURS.fault,
  warning: COLOURS.warning,
  normal: COLOURS.success,
};
