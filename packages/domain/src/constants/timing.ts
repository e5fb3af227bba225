/**
 * Timing of §9 (and the times §2 and §4 name): polling, staleness, the offline cache,
 * notifications, redirects and small animations. Every duration is in milliseconds, every length
 * in pixels, with the unit in the name.
 */

// Polling (§9, §7)

/** External status summary (incident banner) refetch. */
export const STATUS_POLL_MS = 60_000;
/** Site list and site queries refetch (§7 GET sites, GET sites/{id}). */
export const SITE_QUERY_REFETCH_MS = 60_000;
/** The page refreshes this long after a route loads (§2 route resolution). */
export const ROUTE_REFRESH_MS = 60_000;
/** A contact's test notification is polled until done (§4). */
export const NOTIFICATION_TEST_POLL_MS = 2_000;
/** A control test is polled at this interval… */
export const CONTROL_TEST_POLL_MS = 30_000;
/** …for at most this long after the test starts. */
export const CONTROL_TEST_POLL_LIMIT_MS = 3 * 60_000;
/** A radio ping request is polled at this interval. */
export const RADIO_PING_POLL_MS = 5_000;

// Staleness (§9)

/** The user's site list stays fresh just under a minute, so the 60 s refetch always fetches. */
export const USER_SITES_STALE_MS = 59_000;
/** An area's data is kept this long once unused. */
export const AREA_CACHE_MS = 10 * 60_000;
/** Queries never go stale on their own; they refresh by polling or invalidation. */
export const DEFAULT_QUERY_STALE_MS = Number.POSITIVE_INFINITY;
/** Queries do not refetch when the window regains focus. */
export const REFETCH_ON_WINDOW_FOCUS = false;

// Offline cache (§3 offline cache, §4 cache, §9)

/** The app and cache versions (§3, §9) are defined with the other stored-state keys. */
export { APP_VERSION, CACHE_VERSION } from '../entities/storage-keys.ts';
/** Site snapshots kept in the cache history, newest first. */
export const CACHE_HISTORY_SITES = 5;
/** A cache entry older than this is outdated and triggers a refetch. */
export const CACHE_ENTRY_MAX_AGE_MS = 60_000;
/** Cache writes are debounced by this long. */
export const CACHE_WRITE_DEBOUNCE_MS = 1_000;
/** Besides the current one, the dashboard cache keeps this many most recent queries. */
export const DASHBOARD_CACHE_OTHER_QUERIES = 4;
/** Sites in the sidebar's RECENT list (§2). */
export const RECENT_SITES = 3;

// Notifications (§8, §9)

/** How long a notification shows. */
export const NOTIFICATION_DURATION_MS = 5_000;
/** How long user-creation, invitation-resend failure and permission messages show. */
export const NOTIFICATION_LONG_DURATION_MS = 10_000;

// Redirects (§2 authentication screens)

/** After account activation or password reset succeeds. */
export const REDIRECT_AFTER_ACTIVATION_MS = 1_000;
/** After an invitation sign-up completes ('SignUp Completed'). */
export const REDIRECT_AFTER_SIGNUP_MS = 3_000;
/** After opening an invitation that is already completed or revoked. */
export const REDIRECT_AFTER_CLOSED_INVITATION_MS = 5_000;

// Animations and layout (§2, §4)

/** The 'in progress' dots advance this often… */
export const LOADING_DOTS_INTERVAL_MS = 500;
/** …through this many steps: '', '.', '..', '...'. */
export const LOADING_DOTS_STEPS = 4;
/** Page fade-in. */
export const PAGE_FADE_MS = 400;
/** Main content's left padding beside the open sidebar. */
export const SIDEBAR_PADDING_PX = 240;
/** Main content's left padding when the sidebar is off-canvas (the default). */
export const SIDEBAR_OFF_CANVAS_PADDING_PX = 0;
/** The loading placeholder's progress bar advances by this many percent per tick. */
export const PLACEHOLDER_PROGRESS_STEP_PERCENT = 10;
/** Progress tick on the home (site list) placeholder. */
export const HOME_PLACEHOLDER_PROGRESS_MS = 400;
/** Progress tick on the other placeholder screen; the spec does not name it (decision: any non-home screen). */
export const PLACEHOLDER_PROGRESS_MS = 500;
/** The placeholder list is re-measured this long after the window stops resizing. */
export const PLACEHOLDER_RESIZE_DEBOUNCE_MS = 300;
/** Space kept below the placeholder list. */
export const PLACEHOLDER_BOTTOM_PADDING_PX = 24;
/** The incident banner slides up and is gone after this long. */
export const BANNER_HIDE_MS = 500;

/** The dots after 'in progress' at tick `step`: '', '.', '..', '...', then again from ''. */
export function loadingDots(step: number): string {
  if (!Number.isFinite(step)) return '';
  const count = ((Math.trunc(step) % LOADING_DOTS_STEPS) + LOADING_DOTS_STEPS) % LOADING_DOTS_STEPS;
  return '.'.repeat(count);
}

/**
 * The placeholder progress after `percent`: up by 10 each tick, and after 100 back to 0.
 * Decision: a value off the 10-step grid snaps down to it first.
 */
export function nextPlaceholderProgress(percent: number): number {
  const current = Number.isFinite(percent)
    ? Math.floor(percent / PLACEHOLDER_PROGRESS_STEP_PERCENT) * PLACEHOLDER_PROGRESS_STEP_PERCENT
    : 0;
  return current >= 100 || current < 0 ? 0 : current + PLACEHOLDER_PROGRESS_STEP_PERCENT;
}

/**
 * When to poll a control test, in ms after it starts (§9): every 30 s up to 3 minutes, so
 * 30 000, 60 000, …, 180 000. Decision: no poll at 0 (the test was just requested) and the poll
 * at exactly 3 minutes is the last.
 */
export function controlTestPollSchedule(): readonly number[] {
  const times: number[] = [];
  for (
    let at = CONTROL_TEST_POLL_MS;
    at <= CONTROL_TEST_POLL_LIMIT_MS;
    at += CONTROL_TEST_POLL_MS
  ) {
    times.push(at);
  }
  return times;
}
