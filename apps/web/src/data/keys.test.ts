/**
 * The key factories keep the keys the console has always used: the offline cache stores answers
 * under their hash (lib/offline-cache-queries.ts), and the route refresh reaches what keys under
 * ['sites', id] and ['areas', id] (features/site-routing/resolution.ts).
 */
import { EMPTY_SITE_FILTER } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { alarmKeys } from './alarms/keys.ts';
import { appUpdateKeys } from './app-update/keys.ts';
import { areaKeys } from './areas/keys.ts';
import { authKeys } from './auth/keys.ts';
import { contactKeys } from './contacts/keys.ts';
import { controlKeys } from './controls/keys.ts';
import { eventKeys } from './events/keys.ts';
import { fleetKeys } from './fleet/keys.ts';
import { flowSupervisionKeys } from './flow-supervision/keys.ts';
import { noteKeys } from './notes/keys.ts';
import { privilegeKeys } from './privileges/keys.ts';
import { programKeys } from './programs/keys.ts';
import { radioKeys } from './radios/keys.ts';
import { requestKeys } from './requests/keys.ts';
import { sensorKeys } from './sensors/keys.ts';
import { seriesKeys } from './series/keys.ts';
import { siteKeys } from './sites/keys.ts';
import { statusKeys } from './status/keys.ts';
import { waterTakeKeys } from './water-take/keys.ts';

describe('query keys', () => {
  it.each<[string, readonly unknown[], readonly unknown[]]>([
    ['every site query', siteKeys.all, ['sites']],
    ['GET sites (cached)', siteKeys.list(EMPTY_SITE_FILTER, false), ['sites', EMPTY_SITE_FILTER, false]],
    ['GET sites/{id} (cached)', siteKeys.detail(4), ['sites', 4]],
    ['GET sites/{id}/units (cached)', siteKeys.units(4), ['sites', 4, 'units']],
    ['GET sites/{id}/summary (cached)', siteKeys.summary(4), ['sites', 4, 'summary']],
    ['GET sites/{id}/privileges', privilegeKeys.site(4), ['sites', 4, 'privileges']],
    ['GET user/privileges', privilegeKeys.user(), ['user', 'privileges']],
    ['an area', areaKeys.detail(9), ['areas', 9]],
    ['GET sections?area=', areaKeys.sections(9), ['sections', { area: 9 }]],
    ['GET areas/{id}/radios', radioKeys.area(9), ['areas', 9, 'radios']],
    ['GET radios/{id}', radioKeys.detail(3), ['radios', 3]],
    ['GET sensors?area=', sensorKeys.area(9), ['areas', 9, 'sensors']],
    ['GET controls?area=', controlKeys.area(9), ['areas', 9, 'controls']],
    ['GET controls/{id}', controlKeys.detail(5), ['controls', 5]],
    ['GET programs?area=', programKeys.area(9), ['areas', 9, 'programs']],
    ['GET areas/{id}/notes', noteKeys.area(9), ['areas', 9, 'notes']],
    ['POST areas/{id}/events, open only', eventKeys.areaOpen(9), ['areas', 9, 'events', { open: true }]],
    ['every alarm query', alarmKeys.all, ['alarms']],
    ['a followed request', requestKeys.detail(77), ['requests', 77]],
    ['every series of a radio', seriesKeys.thing('radio', 3), ['series', 'radio', 3]],
    [
      'GET radios/{id}/series',
      seriesKeys.detail('radio', 3, { metric: 'battery', option: 1, width: 400, window: { interval: 2 } }),
      ['series', 'radio', 3, { metric: 'battery', option: 1, width: 400, window: { interval: 2 } }],
    ],
    ['GET sites/{id}/maintenance', siteKeys.maintenance(4, 30), ['sites', 4, 'maintenance', 30]],
    ['GET sites/filter', siteKeys.filterOptions, ['sites-filter-options']],
    ['GET fleet?limit=', fleetKeys.list(100), ['fleet', 'list', 100]],
    ['GET fleet?limit=0', fleetKeys.counts, ['fleet', 'counts']],
    ['every contact query', contactKeys.all, ['contacts']],
    ['every GET user/contact', contactKeys.own, ['user', 'contact']],
    ['GET user/contact?site=', contactKeys.ownOnSite(4), ['user', 'contact', 4]],
    ['GET user/contact', contactKeys.ownOnSite(null), ['user', 'contact', null]],
    ['GET alarm-acks/{token}', alarmKeys.ackLink('t1'), ['alarm-acks', 't1']],
    ['an activation link', authKeys.activation('t1'), ['account-activation', 't1']],
    ['an invitation link', authKeys.signupStatus('t1'), ['sign-up-status', 't1']],
    ['GET /status/summary', statusKeys.summary, ['status-summary']],
    ['the latest build', appUpdateKeys.latestBuild, ['app-update', 'latest-build']],
    ['GET water consents', waterTakeKeys.consents(4), ['sites', 4, 'water-consents']],
    ['GET sections/{id}/flow', flowSupervisionKeys.zone(9, 4), ['areas', 9, 'flow', 'section', 4]],
    ['GET sensors/{id}/flow', flowSupervisionKeys.meter(9, 7), ['areas', 9, 'flow', 'sensor', 7]],
    [
      'a consent\'s produced days',
      waterTakeKeys.days(4, 2, 31),
      ['sites', 4, 'water-consents', 2, 'days', 31],
    ],
  ])('%s', (_, key, expected) => {
    expect(key).toEqual(expected);
  });
});
