/**
 * The incident banner's rules (§4 "Incident banner"): shown while the status page reports an
 * incident or a maintenance and the user has not hidden this very report in this tab. Hiding
 * stores an acknowledged flag in session storage — the report's fingerprint — so a later,
 * different report shows the banner again.
 */
import {
  browserStorageKeys,
  INCIDENT_BANNER,
  MAINTENANCE_BANNER,
  type StatusSummary,
} from '@paddock/domain';

export interface BannerContent {
  /** The domain's English message, used as the translation key. */
  readonly message: typeof INCIDENT_BANNER | typeof MAINTENANCE_BANNER;
  /** 'Learn more': the first item's page, when the status page gives one. */
  readonly url: string | undefined;
  readonly kind: 'incident' | 'maintenance';
}

/** What the banner says, or null when there is nothing to report. Incidents win over maintenances. */
export function bannerContent(summary: StatusSummary | undefined): BannerContent | null {
  if (!summary) return null;
  const [incident] = summary.activeIncidents;
  if (incident) return { message: INCIDENT_BANNER, url: incident.url, kind: 'incident' };
  const [maintenance] = summary.activeMaintenances;
  if (maintenance)
    return { message: MAINTENANCE_BANNER, url: maintenance.url, kind: 'maintenance' };
  return null;
}

/** Identifies one report: the names and links of every incident and maintenance, in order. */
export function statusFingerprint(summary: StatusSummary): string {
  const items = (list: StatusSummary['activeIncidents']) =>
    list.map((item) => [item.name, item.url ?? '']);
  return JSON.stringify([items(summary.activeIncidents), items(summary.activeMaintenances)]);
}

const KEY = browserStorageKeys.acknowledged;

/** The fingerprint the user hid in this tab, if any. */
export function readAcknowledged(
  storage: Storage | undefined = sessionStorageOrNothing(),
): string | null {
  try {
    return storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeAcknowledged(
  fingerprint: string,
  storage: Storage | undefined = sessionStorageOrNothing(),
): void {
  try {
    storage?.setItem(KEY, fingerprint);
  } catch {
    // Not stored: hidden until this page reloads.
  }
}

function sessionStorageOrNothing(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
