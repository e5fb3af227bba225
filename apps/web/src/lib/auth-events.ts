/**
 * Auth events between this tab's parts and across tabs (§2 "A cross-tab auth event triggers an
 * app reset", §4 "a logged-out event sends the user to login with the previous path and query").
 * Listeners in this tab hear every event; other tabs hear it through a BroadcastChannel with
 * `remote: true`.
 */
export type AuthEvent =
  | { readonly type: 'loggedOut'; readonly reason?: string }
  | { readonly type: 'loggedIn'; readonly loginId: string };

export type AuthEventListener = (event: AuthEvent & { readonly remote: boolean }) => void;

const CHANNEL_NAME = 'paddock-auth';
const listeners = new Set<AuthEventListener>();
let channel: BroadcastChannel | null | undefined;
let lastReason: string | undefined;

/** Why the last session in this tab ended (e.g. 'Invalid Credentials'), until the next sign-in. */
export function lastLoggedOutReason(): string | undefined {
  return lastReason;
}

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  channel?.addEventListener('message', (message: MessageEvent<AuthEvent>) => {
    dispatch({ ...message.data, remote: true });
  });
  return channel;
}

/** Tells this tab and every other tab of the console. */
export function emitAuthEvent(event: AuthEvent): void {
  dispatch({ ...event, remote: false });
  getChannel()?.postMessage(event);
}

export function onAuthEvent(listener: AuthEventListener): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function dispatch(event: AuthEvent & { remote: boolean }): void {
  lastReason = event.type === 'loggedOut' ? event.reason : undefined;
  for (const listener of [...listeners]) listener(event);
}
