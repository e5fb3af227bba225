/**
 * For tests of the session: each test starts signed out (nothing stored) and sees the auth
 * events it causes, and only those.
 *
 *   const events = recordAuthEvents();
 *   …
 *   expect(events).toEqual([{ type: 'loggedOut' }]);
 */
import { afterEach, beforeEach } from 'vitest';
import { onAuthEvent, type AuthEvent } from '../lib/auth-events.ts';

/** Registers the hooks; the array it returns holds the current test's events. */
export function recordAuthEvents(): AuthEvent[] {
  const events: AuthEvent[] = [];
  let stop: () => void = () => undefined;
  beforeEach(() => {
    localStorage.clear();
    events.length = 0;
    stop = onAuthEvent((event) => events.push(event));
  });
  afterEach(() => stop());
  return events;
}
