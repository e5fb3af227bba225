import { useSearchParams } from 'react-router';
import { LEGACY_LOGIN_URL } from '../../../config/legacy-login.ts';
import { accountSetupRedirect } from '../account-redirect.ts';
import { useFollowRedirect } from './use-follow-redirect.ts';

/**
 * An emailed account link (`?token&siteId&legacy`, §2 activation and reset): its token, null when
 * missing or blank, and `goOn`, which leaves for where the link says once the account is set up.
 */
export function useAccountLink(): { token: string | null; goOn: () => void } {
  const [query] = useSearchParams();
  const follow = useFollowRedirect();
  return {
    token: query.get('token')?.trim() || null,
    goOn: () =>
      follow(
        accountSetupRedirect(
          { siteId: query.get('siteId'), legacy: query.get('legacy') },
          LEGACY_LOGIN_URL,
        ),
      ),
  };
}
