import { NOTIFICATION_DURATION_MS } from '@paddock/domain';
import { lazy, Suspense } from 'react';
import { DEFAULT_NOTIFICATION_POSITION } from '../lib/notify.ts';

// The toast host (and its transitions) loads after the first render; toasts shown before it
// mounts wait in Mantine's notifications store and appear when it does.
const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));

/** §8: toasts at the top centre, 5 s by default. */
export function LazyNotifications() {
  return (
    <Suspense fallback={null}>
      <Notifications
        position={DEFAULT_NOTIFICATION_POSITION}
        autoClose={NOTIFICATION_DURATION_MS}
      />
    </Suspense>
  );
}
