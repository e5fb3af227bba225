// Built by the sign-in screens task: this placeholder only proves the route.
// §2 changepassword needs a valid session: keep the RequireSession wrapper (or go to / without one).
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx';
import { RequireSession } from '../../../features/session/components/require-session.tsx';

export function Component() {
  return (
    <RequireSession>
      <PlaceholderPage titleKey="ChangePassword.Title" />
    </RequireSession>
  );
}
