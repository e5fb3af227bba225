import { useEffect, useState } from 'react';
import { emitAuthEvent } from '../../../lib/auth-events.ts';
import { resetSession } from '../session.ts';

/**
 * §2 account activation (and the reset page, which follows its pattern): on load the stored
 * credentials are cleared and a logged-out event tells every tab, which resets the app state
 * (query cache). True once that is done, so the page's own calls start on the reset state.
 */
export function useEndSessionOnEntry(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let mounted = true;
    resetSession();
    emitAuthEvent({ type: 'loggedOut' });
    void Promise.resolve().then(() => {
      if (mounted) setDone(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return done;
}
