import { describe, expect, it } from 'vitest';
import {
  addonsPath,
  alarmsPath,
  areaPath,
  buildPath,
  buildQuery,
  dashboardPath,
  deepLinkPath,
  irrigationPath,
  maintenancePath,
  reportsPath,
  moduleAlarmsPath,
  PATHS,
  playgroundPath,
  sitePath,
  summaryPath,
  telemetryAssetPath,
  telemetryPath,
  thingsPath,
  usersPath,
  weatherPath,
  zonePath,
  type PathParts,
  type Query,
} from './paths.ts';

describe('§2 Path builder', () => {
  it.each<[string, PathParts, string]>([
    ['no part at all', {}, '/'],
    ['site only', { siteId: 4 }, '/4'],
    ['site and area, subject absent', { siteId: 4, areaId: 9 }, '/4/9'],
    ['site and subject', { siteId: 4, subject: 'summary' }, '/4/summary'],
    [
      'every part in order',
      {
        siteId: 4,
        subject: 'irrigation',
        areaId: 9,
        zoneId: 2,
        detail: 'list',
        detailId: 7,
        action: 'edit',
        actionId: 3,
      },
      '/4/irrigation/9/2/list/7/edit/3',
    ],
    [
      'parts given out of order are written in path order',
      { actionId: 3, action: 'edit', detail: 'alarms', subject: 'telemetry', siteId: 1, areaId: 2 },
      '/1/telemetry/2/alarms/edit/3',
    ],
    [
      'null and empty parts are skipped',
      { siteId: 4, subject: null, areaId: '', detail: 'list' },
      '/4/list',
    ],
    ['0 is written, not skipped', { siteId: 0 }, '/0'],
    ['segments are URI-encoded', { siteId: 4, detail: 'a b/c' }, '/4/a%20b%2Fc'],
    [
      'query from and filter',
      { siteId: 4, query: { from: 10, filter: 'fault' } },
      '/4?from=10&filter=fault',
    ],
    ['query only', { query: { from: 1 } }, '/?from=1'],
    [
      'absent query values are skipped',
      { siteId: 4, query: { from: undefined, filter: null, x: '' } },
      '/4',
    ],
    [
      'query values are URI-encoded',
      { siteId: 4, query: { filter: 'a&b=c d' } },
      '/4?filter=a%26b%3Dc%20d',
    ],
  ])('%s', (_name, parts, expected) => {
    expect(buildPath(parts)).toBe(expected);
  });

  it.each<[Query | undefined, string]>([
    [undefined, ''],
    [{}, ''],
    [{ a: 1, b: 'two' }, '?a=1&b=two'],
    [{ a: undefined, b: 2 }, '?b=2'],
  ])('buildQuery(%j) is %j', (query, expected) => {
    expect(buildQuery(query)).toBe(expected);
  });
});

describe('§2 Main routes: named builders', () => {
  it.each<[string, string, string]>([
    ['root', PATHS.root, '/'],
    ['dashboard', PATHS.dashboard, '/dashboard'],
    ['not found', PATHS.notFound, '/notfound'],
    ['login', PATHS.login, '/login'],
    ['recover', PATHS.recover, '/recover'],
    ['resetPassword', PATHS.resetPassword, '/resetPassword'],
    ['recoverpassword', PATHS.recoverpassword, '/recoverpassword'],
    ['signup', PATHS.signup, '/signup'],
    ['activateAccount', PATHS.activateAccount, '/activateAccount'],
    ['redirect', PATHS.redirect, '/redirect'],
    ['changepassword', PATHS.changepassword, '/changepassword'],
    ['dashboard without filter', dashboardPath(), '/dashboard'],
    [
      'dashboard filters country, region, application in that order',
      dashboardPath({ application: 'frost', country: 'nz', region: 'Otago' }),
      '/dashboard?country=nz&region=Otago&application=frost',
    ],
    [
      'dashboard with a semicolon list',
      dashboardPath({ country: 'nz;au' }),
      '/dashboard?country=nz%3Bau',
    ],
    ['site', sitePath(4), '/4'],
    ['area', areaPath(4, 9), '/4/9'],
    [
      'deep link',
      deepLinkPath({ siteId: 4, areaId: 9, type: 'radio', target: 12 }),
      '/4/9/radio/12',
    ],
    ['summary', summaryPath(4), '/4/summary'],
    ['users', usersPath(4), '/4/users'],
    ['maintenance', maintenancePath(4), '/4/maintenance'],
    ['reports', reportsPath(4), '/4/reports'],
    ['playground', playgroundPath(4), '/4/playground'],
    ['weather', weatherPath({ siteId: 4, areaId: 9 }), '/4/weather/9'],
    ['weather detail', weatherPath({ siteId: 4, areaId: 9, detail: 'list' }), '/4/weather/9/list'],
    [
      'weather detail and detailId',
      weatherPath({ siteId: 4, areaId: 9, detail: 'list', detailId: 3 }),
      '/4/weather/9/list/3',
    ],
    [
      'a detailId without detail is not written',
      weatherPath({ siteId: 4, areaId: 9, detailId: 3 }),
      '/4/weather/9',
    ],
    ['telemetry', telemetryPath({ siteId: 4, areaId: 9 }), '/4/telemetry/9'],
    [
      'telemetry selecting a radio',
      telemetryPath({ siteId: 4, areaId: 9, select: { type: 'radio', id: 12 } }),
      '/4/telemetry/9?radio=12',
    ],
    [
      'telemetry selecting a unit',
      telemetryPath({ siteId: 4, areaId: 9, select: { type: 'unit', id: 5 } }),
      '/4/telemetry/9?type=unit&target=5',
    ],
    [
      'telemetry asset route',
      telemetryAssetPath({ siteId: 4, areaId: 9, type: 'sensor', id: 31 }),
      '/4/telemetry/9/sensor/31',
    ],
    ['irrigation', irrigationPath({ siteId: 4, areaId: 9 }), '/4/irrigation/9'],
    [
      'irrigation with from and filter',
      irrigationPath({ siteId: 4, areaId: 9, detail: 'list', query: { from: 2, filter: 'x' } }),
      '/4/irrigation/9/list?from=2&filter=x',
    ],
    ['addons', addonsPath({ siteId: 4, areaId: 9 }), '/4/addons/9'],
    [
      'addons with thing and type',
      addonsPath({ siteId: 4, areaId: 9, thing: { id: 8, type: 'soilMoisture' } }),
      '/4/addons/9?thing=8&type=soilMoisture',
    ],
    ['things', thingsPath({ siteId: 4, areaId: 9 }), '/4/things/9'],
    ['zone', zonePath({ siteId: 4, areaId: 9, sectionId: 2 }), '/4/irrigation/9/zone/2'],
    [
      'zone with valve',
      zonePath({ siteId: 4, areaId: 9, sectionId: 2, valveId: 77 }),
      '/4/irrigation/9/zone/2?valve=77',
    ],
    ['alarms', alarmsPath({ siteId: 4, areaId: 9 }), '/4/9/alarms'],
    ['alarm detail', alarmsPath({ siteId: 4, areaId: 9, alarmId: 6 }), '/4/9/alarms/6'],
    [
      'alarms opened from the summary',
      alarmsPath({ siteId: 4, areaId: 9, from: 'summary' }),
      '/4/9/alarms?from=5',
    ],
    [
      'an alarm opened from telemetry',
      alarmsPath({ siteId: 4, areaId: 9, alarmId: 6, from: 'telemetry' }),
      '/4/9/alarms/6?from=4',
    ],
    ['module alarms', moduleAlarmsPath(4, 'telemetry'), '/4/telemetry/alarms'],
  ])('%s → %s', (_name, path, expected) => {
    expect(path).toBe(expected);
  });
});
