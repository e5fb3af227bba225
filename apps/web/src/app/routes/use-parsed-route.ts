import { parseRoute, type Route } from '@paddock/domain';
import { useMemo } from 'react';
import { useLocation } from 'react-router';

/** The domain's reading of the current location (§2): kind, ids, detail and selecting queries. */
export function useParsedRoute(): Route {
  const { pathname, search } = useLocation();
  return useMemo(() => parseRoute(pathname, search), [pathname, search]);
}
