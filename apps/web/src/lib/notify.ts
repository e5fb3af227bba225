/**
 * Toasts (§8 "Notification levels"): info is success-styled, error danger, warning warning, else
 * primary; 5 s by default (§9). The <Notifications> host sits at the top centre (app/lazy-notifications.tsx). Imported only by
 * lazily loaded screens: it carries @mantine/notifications.
 *
 *   notify({ level: 'info', message: t('Contact.UpdateSuccess') });
 *   notify({ level: 'error', title: t('…'), message, autoClose: NOTIFICATION_LONG_DURATION_MS });
 */
import { NOTIFICATION_DURATION_MS } from '@paddock/domain';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export type NotificationLevel = 'info' | 'error' | 'warning' | 'primary';
/** Positions §8 names: tl, tr, bl, br; default top centre. */
export type NotificationCorner = 'tl' | 'tr' | 'bl' | 'br';

const COLOUR: Record<NotificationLevel, string> = {
  info: 'green',
  error: 'red',
  warning: 'yellow',
  primary: 'blue',
};
const POSITION = {
  tl: 'top-left',
  tr: 'top-right',
  bl: 'bottom-left',
  br: 'bottom-right',
} as const;

export interface NotifyOptions {
  readonly level?: NotificationLevel;
  readonly title?: ReactNode;
  readonly message: ReactNode;
  /** ms; NOTIFICATION_LONG_DURATION_MS for the 10 s messages of §8. */
  readonly autoClose?: number | false;
  readonly position?: NotificationCorner;
  readonly id?: string;
}

/** Shows a toast; returns its id (to update or hide it). */
export function notify(options: NotifyOptions): string {
  return notifications.show({
    id: options.id,
    color: COLOUR[options.level ?? 'primary'],
    title: options.title,
    message: options.message,
    autoClose: options.autoClose ?? NOTIFICATION_DURATION_MS,
    position: options.position ? POSITION[options.position] : undefined,
  });
}
