import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { AccountRedirect } from '../account-redirect.ts';

/** Goes where an {@link AccountRedirect} says: a route of ours, or another site (legacy login). */
export function useFollowRedirect(): (redirect: AccountRedirect) => void {
  const navigate = useNavigate();
  return useCallback(
    (redirect: AccountRedirect) => {
      if (redirect.kind === 'external') window.location.assign(redirect.url);
      else void navigate(redirect.to, { replace: true });
    },
    [navigate],
  );
}
