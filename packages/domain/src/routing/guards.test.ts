import { describe, expect, it } from 'vitest';
import type { Privilege } from '../entities/vocabulary.ts';
import { ROLES } from '../roles/roles.ts';
import { guardRoute, REFUSED_ROUTE_PATH, ROUTE_PRIVILEGES, type RouteGuard } from './guards.ts';
import { showUsersLink } from './header.ts';
import { parseRoute } from './parse.ts';

const admin = ROLES.admin.actions;
const manage = ROLES.manage.actions;
const monitor = ROLES.monitor.actions;
const refusedWithout = (missing: Privilege): RouteGuard => ({
  kind: 'refuse',
  to: REFUSED_ROUTE_PATH,
  missing,
});

describe('§2 §6 route guards', () => {
  it.each<[string, readonly Privilege[] | undefined, RouteGuard]>([
    // {siteId}/users needs the viewUsers site privilege.
    ['/4/users', monitor, refusedWithout('viewUsers')],
    ['/4/users', [], refusedWithout('viewUsers')],
    ['/4/users', ['view', 'edit', 'program', 'control'], refusedWithout('viewUsers')],
    ['/4/users', manage, { kind: 'allow' }],
    ['/4/users', admin, { kind: 'allow' }],
    ['/4/users', ['viewUsers'], { kind: 'allow' }],
    // Not known yet: wait, neither open nor refuse.
    ['/4/users', undefined, { kind: 'wait' }],
    // Viewing pages open to a monitor, and at once (no wait for privileges).
    ['/4/summary', monitor, { kind: 'allow' }],
    ['/4/summary', undefined, { kind: 'allow' }],
    ['/4/irrigation/9', monitor, { kind: 'allow' }],
    ['/4/irrigation/9/zone/2', monitor, { kind: 'allow' }],
    ['/4/9/alarms', monitor, { kind: 'allow' }],
    ['/4/9/alarms/5', monitor, { kind: 'allow' }],
    ['/4/telemetry/alarms', monitor, { kind: 'allow' }],
    ['/4/reports', monitor, { kind: 'allow' }],
    ['/4/maintenance', monitor, { kind: 'allow' }],
    ['/4/telemetry/9?radio=3', monitor, { kind: 'allow' }],
    ['/', undefined, { kind: 'allow' }],
    ['/dashboard', undefined, { kind: 'allow' }],
    ['/notfound', [], { kind: 'allow' }],
  ])('%s with %j: %j', (location, privileges, guard) => {
    const [pathname = '', search = ''] = location.split(/(?=\?)/);
    expect(guardRoute(parseRoute(pathname, search), privileges)).toEqual(guard);
  });

  it('refuses to the 404 page, which hints at missing permission', () => {
    expect(REFUSED_ROUTE_PATH).toBe('/notfound');
  });

  it.each<[string, readonly Privilege[], boolean]>([
    ['admin', admin, true],
    ['manage', manage, true],
    ['monitor', monitor, false],
  ])('the Users link shows for %s exactly when the Users page opens', (_role, held, shown) => {
    expect(showUsersLink(held)).toBe(shown);
    expect(guardRoute(parseRoute('/4/users'), held).kind === 'allow').toBe(shown);
  });

  it('only the Users page needs a privilege beyond a session and the site', () => {
    const guarded = Object.entries(ROUTE_PRIVILEGES).filter(([, privilege]) => privilege !== null);
    expect(guarded).toEqual([['users', 'viewUsers']]);
  });
});
