import { unknownPathRedirect } from '@paddock/domain';
import { Navigate, useLocation } from 'react-router';

/** §2 "Any unknown path redirects to /"; a path starting with dashboard goes to /dashboard. */
export function Component() {
  const { pathname } = useLocation();
  return <Navigate to={unknownPathRedirect(pathname)} replace />;
}
