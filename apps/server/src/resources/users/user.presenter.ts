/** A site member → the §3 User on the wire: the login, its privileges on that site and stats. */
import type { Contact, Privilege, SignupStatus, User } from '@paddock/domain';

export type MemberRow = {
  id: number;
  uid: string;
  login: string;
  firstName: string;
  lastName: string;
  lastLogin: Date | null;
  createdAt: Date;
  siteId: number;
  privileges: Privilege[];
  signupStatus: SignupStatus | null;
};

/** An alarm of the site as the stats read it: on or off, and the notification ids it tells. */
export type AlarmSubscriptionRow = { active: boolean; notifications: number[] };

/**
 * Decision (§3 names the stats, not their meaning): an alarm is subscribed when it notifies one of
 * the user's contact notifications on the site; active alarms are the subscribed ones switched on.
 */
export function presentUser(
  member: MemberRow,
  contact: Contact | null,
  alarms: readonly AlarmSubscriptionRow[],
  areas: Readonly<Record<string, Privilege[]>> = {},
): User {
  const mine = new Set(contact?.notifications.flatMap((n) => (n.id === undefined ? [] : [n.id])));
  const subscribed = alarms.filter((alarm) => alarm.notifications.some((id) => mine.has(id)));
  return {
    id: member.id,
    uid: member.uid,
    login: member.login,
    contact,
    privileges: member.privileges,
    areas: { ...areas },
    site: member.siteId,
    stats: {
      activeAlarms: subscribed.filter((alarm) => alarm.active).length,
      subscribedAlarms: subscribed.length,
      signupStatus: member.signupStatus,
      lastLogin: member.lastLogin?.toISOString() ?? null,
      created: member.createdAt.toISOString(),
    },
  };
}
