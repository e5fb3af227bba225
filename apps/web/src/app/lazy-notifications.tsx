import { NOTIFICATION_DURATION_MS } from '@paddock/domain';
import { lazy, Suspense } from 'react';

/** §8: toasts appear at the top centre unless a toast names a corner (lib/notify.ts). */
const DEFAULT_NOTIFICATION_POSITION = 'top-center';

// The toast host (and its transitions) loads after the first render; toasts shown before it
// mounts wait in Mantine's notifications store and appear when it does. Nothing of the first load
// may import '@mantine/notifications' (lib/notify.ts does): that would pull it into the first chunk.
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
