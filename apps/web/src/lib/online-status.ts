/**
 * Online status (§4 "online status follows the browser"; "Requests while offline fail with
 * 'offline'"): offline while the browser says so (navigator.onLine and its online/offline events)
 * or while the API gives no answer at all (ApiError 'offline', reported by the query listener in
 * offline-cache-queries.ts) — until a call gets through again.
 *
 * Offline, TanStack Query's onlineManager is told too, so queries pause (fetchStatus 'paused')
 * and keep the data they have — the offline cache's answers included — instead of failing; they
 * resume when the API answers again. While the browser is online but the API is not, the API is
 * probed every API_PROBE_MS (the public status summary) to notice its return.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, isApiError } from './api-client.ts';

/** How often an unreachable API is asked again while the browser reports a network. */
const API_PROBE_MS = 15_000;

let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
let apiReachable = true;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function update(): void {
  const online = isOnline();
  if (onlineManager.isOnline() !== online) onlineManager.setOnline(online);
  if (!apiReachable && browserOnline) startProbe();
  else stopProbe();
  for (const listener of [...listeners]) listener();
}

function startProbe(): void {
  probe ??= setInterval(() => {
    // statusEndpoints.getStatusSummary by hand: the contract's entries carry zod schemas, and this
    // module is on the first load (app/first-load.test.ts).
    api.get('/status/summary', { anonymous: true, query: { timestamp: Date.now() } }).then(
      () => reportApiReachable(true),
      (error: unknown) => {
        // Any HTTP answer means the API is there again.
        if (!(isApiError(error) && error.status === 0)) reportApiReachable(true);
      },
    );
  }, API_PROBE_MS);
}

function stopProbe(): void {
  if (probe !== undefined) clearInterval(probe);
  probe = undefined;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    browserOnline = true;
    // Back online: the next call tells whether the API answers.
    apiReachable = true;
    update();
  });
  window.addEventListener('offline', () => {
    browserOnline = false;
    update();
  });
}

/** Called with each API outcome: false for "no response" (offline), true for any answer. */
export function reportApiReachable(reachable: boolean): void {
  if (reachable === apiReachable) return;
  apiReachable = reachable;
  update();
}

export function isOnline(): boolean {
  return browserOnline && apiReachable;
}

function subscribeOnlineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the browser is online and the API answers; re-renders on every change. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnlineStatus, isOnline, () => true);
}
