/**
 * The Users page's list (§2, §3): each user's effective role (§6), a display name, and the search
 * and sort the page offers. Pure, so the rules are tested without a browser.
 */
import { effectiveRole, rolePrecedence, type Role, type User } from '@paddock/domain';

export const USER_SORTS = ['name', 'role', 'signup', 'lastLogin', 'created', 'alarms'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** The contact's name where the user has one on the site, else the login. */
export function userName(user: User): string {
  return user.contact?.name.trim() || user.login;
}

/** §6: the lowest precedence held; null when the user holds no role on the site. */
export function userRole(user: User): Role | null {
  return effectiveRole(user.privileges);
}

const SIGNUP_ORDER = ['sent', 'resent', 'completed', 'revoked'] as const;
const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
/** Newest first; never (null) last. */
const byInstantDesc = (a: string | null, b: string | null) =>
  (b === null ? -Infinity : Date.parse(b)) - (a === null ? -Infinity : Date.parse(a));

const COMPARE: Record<UserSort, (a: User, b: User) => number> = {
  name: (a, b) => byText(userName(a), userName(b)),
  // Most privileged first; users without a role last.
  role: (a, b) => {
    const rank = (user: User) => {
      const role = userRole(user);
      return role === null ? Number.MAX_SAFE_INTEGER : rolePrecedence(role);
    };
    return rank(a) - rank(b);
  },
  signup: (a, b) => {
    const rank = (user: User) =>
      user.stats.signupStatus === null
        ? SIGNUP_ORDER.length
        : SIGNUP_ORDER.indexOf(user.stats.signupStatus);
    return rank(a) - rank(b);
  },
  lastLogin: (a, b) => byInstantDesc(a.stats.lastLogin, b.stats.lastLogin),
  created: (a, b) => byInstantDesc(a.stats.created, b.stats.created),
  alarms: (a, b) =>
    b.stats.activeAlarms - a.stats.activeAlarms ||
    b.stats.subscribedAlarms - a.stats.subscribedAlarms,
};

/**
 * The users whose name or login contains the search text (case-insensitive), in the chosen order;
 * ties by name.
 */
export function visibleUsers(users: readonly User[], search: string, sort: UserSort): User[] {
  const needle = search.trim().toLocaleLowerCase();
  const matching = needle
    ? users.filter(
        (user) =>
          userName(user).toLocaleLowerCase().includes(needle) ||
          user.login.toLocaleLowerCase().includes(needle),
      )
    : [...users];
  return matching.sort((a, b) => COMPARE[sort](a, b) || COMPARE.name(a, b));
}

/** Whether the invitation can be sent again: the user has not signed up and was not revoked. */
export function canResend(user: User): boolean {
  return user.stats.signupStatus === 'sent' || user.stats.signupStatus === 'resent';
}
