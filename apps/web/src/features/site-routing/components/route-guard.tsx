import { guardRoute, type Privilege, type Route } from '@paddock/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { RouteLoading } from './route-loading.tsx';

/**
 * The router's page guard (§2, §6; the domain's `guardRoute`): a page the user's site privileges
 * do not allow is refused to /notfound before it loads anything, so it never shows a load error;
 * a page that needs a privilege waits for the privileges. When they cannot be read the page is
 * let through: its site load then leaves by the §2 failure rules (a 403 to /dashboard).
 */
export function RouteGuard({
  route,
  sitePrivileges,
  privilegesFailed,
  children,
}: {
  route: Route;
  /** The user's privileges on the route's site; undefined while they load. */
  sitePrivileges: readonly Privilege[] | undefined;
  privilegesFailed: boolean;
  children: ReactNode;
}) {
  const guard = guardRoute(route, sitePrivileges);
  if (guard.kind === 'refuse') return <Navigate to={guard.to} replace />;
  if (guard.kind === 'wait' && !privilegesFailed) return <RouteLoading />;
  return children;
}
