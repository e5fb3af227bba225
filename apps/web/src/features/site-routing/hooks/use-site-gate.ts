/**
 * Watches the path's site query (GET sites/{id}) and applies §2's failure rules: 403 → /dashboard; another failure bans
 * the site, resets it and goes to / (or /notfound when it was the fallback site); no response →
 * stay and offer a retry.
 */
import type { Site } from '@paddock/domain';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { siteKeys } from '../../../data/sites/keys.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { siteFailureAction, type FallbackState, type SiteFailureState } from '../resolution.ts';
import { banSiteFor } from '../route-memory.ts';

export type SiteGateState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly site: Site }
  /** The site failed and the page is being left. */
  | { readonly status: 'leaving' }
  | { readonly status: 'offline'; readonly retry: () => void };

export function useSiteGate(
  query: UseQueryResult<Site>,
  siteId: number,
  uid: string | null,
): SiteGateState {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fallback = (location.state as Partial<FallbackState> | null)?.fallback === true;
  const resetOnLeave = useRef(false);

  const status = query.isError
    ? isApiError(query.error)
      ? query.error.responseStatus
      : // A response that does not match the schema is a failed load, not a network failure.
        500
    : null;
  const action = status === null ? null : siteFailureAction(status, { siteId, fallback });

  const kind = action?.kind;
  const to = action && action.kind !== 'offline' ? action.to : undefined;
  const withState = action?.kind === 'reset' && action.state !== undefined;
  useEffect(() => {
    if (to === undefined) return;
    if (kind === 'reset') {
      banSiteFor(uid, siteId);
      resetOnLeave.current = true;
    }
    void navigate(to, {
      replace: true,
      ...(withState ? { state: { failedSiteId: siteId } satisfies SiteFailureState } : {}),
    });
  }, [kind, to, withState, uid, siteId, navigate]);

  // §2 "the current site is reset": its cached queries go once this page is left, so nothing of
  // it is shown again without a fresh load (removing them while still subscribed would refetch).
  useEffect(
    () => () => {
      if (resetOnLeave.current) queryClient.removeQueries({ queryKey: siteKeys.detail(siteId) });
    },
    [queryClient, siteId],
  );

  if (action?.kind === 'offline') return { status: 'offline', retry: () => void query.refetch() };
  if (action) return { status: 'leaving' };
  if (query.data && query.data.id === siteId) return { status: 'ready', site: query.data };
  return { status: 'loading' };
}
