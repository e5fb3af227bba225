/**
 * A valid call of each mutating operation of the contract for the audit walk
 * (resources/audit.test.ts), built on the test farm. The walk's draws make some valid, but which
 * ones shifts as bodies change (PUT radios/{id} stopped when its body grew a field), so each
 * operation has its call here. Each call makes what it needs first
 * (audit-call-kit.ts: its own user, alarm, program, meter, consent, webhook or fan, a token from
 * the database as a mail would carry it, a provider's signature), so a call that deletes or
 * changes something takes nothing another call or the walk after them uses, and what a setup call
 * writes is on the record before the call measured.
 */
import { identityPoolIdFor } from '../../src/resources/auth/auth.presenter.ts';
import { smsThenEmailRoster, soilDryRule } from './alarms.ts';
import {
  ackToken,
  alarm,
  consentBody,
  created,
  delivered,
  fan,
  mailedToken,
  member,
  meter,
  program,
  providerForm,
  type ValidCall,
} from './audit-call-kit.ts';
import { TEST_PASSWORD } from './farm.ts';
import type { TestApp } from './test-app.ts';

const NEW_PASSWORD = 'Kumara&Feijoa9';
const RANGE = { from: '2026-11-18T11:00:00.000Z', to: '2026-11-20T11:00:00.000Z' };
const webhookBody = { url: 'http://127.0.0.1:9/hook', events: ['alarm.raised'], active: true };

/** Signing in and the links of mails and messages: calls with no session, but sign-in as. */
const ACCOUNT_CALLS: Record<string, (t: TestApp) => Promise<ValidCall>> = {
  'POST /user/login': async (t) => ({
    url: '/api/user/login',
    caller: null,
    concerns: t.farm.users.admin.id,
    payload: { user: 'admin@farm.test', password: TEST_PASSWORD, region: t.config.region },
  }),
  'POST /user/refresh': async (t) => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user: 'admin@farm.test', password: TEST_PASSWORD, region: t.config.region },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode}`);
    const { refreshToken } = signIn.json<{ refreshToken: string }>();
    return {
      url: '/api/user/refresh',
      caller: null,
      concerns: t.farm.users.admin.id,
      payload: { refreshToken },
    };
  },
  'POST /user/login/as': async (t) => ({
    url: '/api/user/login/as',
    caller: t.farm.users.staff.id,
    actingAs: t.farm.users.monitor.id,
    payload: { user: 'monitor@farm.test', region: t.config.region },
  }),
  // A user of their own: their password is changed and their session ended.
  'POST /user/logout': async (t) => ({
    url: '/api/user/logout',
    caller: (await member(t, true)).id,
  }),
  'POST /user/change-password': async (t) => ({
    url: '/api/user/change-password',
    caller: (await member(t, true)).id,
    payload: { password: NEW_PASSWORD },
  }),
  'POST /login/reset-password/begin': async (t) => {
    const user = await member(t, true);
    return {
      url: '/api/login/reset-password/begin',
      caller: null,
      concerns: user.id,
      payload: { email: user.login, legacy: false },
    };
  },
  'POST /login/reset-password/finish': async (t) => {
    const user = await member(t, true);
    const token = await mailedToken(t, user.id, 'reset');
    return {
      url: '/api/login/reset-password/finish',
      caller: null,
      concerns: user.id,
      payload: { token, newPassword: NEW_PASSWORD },
    };
  },
  'POST /login/recovery': async (t) => {
    const user = await member(t, true);
    const token = await mailedToken(t, user.id, 'reset');
    return {
      url: '/api/login/recovery',
      caller: null,
      concerns: user.id,
      payload: {
        loginId: user.login,
        identityId: user.uid,
        identityPoolId: identityPoolIdFor(t.config.region),
        token,
      },
    };
  },
  'POST /login/account-activation/validate': async (t) => {
    const user = await member(t, false);
    const token = await mailedToken(t, user.id, 'activation');
    return {
      url: '/api/login/account-activation/validate',
      caller: null,
      concerns: user.id,
      payload: { token },
    };
  },
  'POST /login/account-activation/finish': async (t) => {
    const user = await member(t, false);
    const token = await mailedToken(t, user.id, 'activation');
    return {
      url: '/api/login/account-activation/finish',
      caller: null,
      concerns: user.id,
      payload: { token, password: NEW_PASSWORD, name: 'Aroha Audit' },
    };
  },
  'POST /users/sign-up/complete': async (t) => {
    const user = await member(t, false);
    const token = await mailedToken(t, user.id, 'invitation');
    return {
      url: '/api/users/sign-up/complete',
      caller: null,
      concerns: user.id,
      payload: { token, fullName: 'Aroha Audit', newPassword: NEW_PASSWORD },
    };
  },
  'POST /alarm-acks/:token': async (t) => ({
    url: `/api/alarm-acks/${await ackToken(t)}`,
    caller: null,
    payload: { comment: 'On my way' },
  }),
  'POST /providers/twilio/gather/:token': async (t) =>
    providerForm(t, `/api/providers/twilio/gather/${await ackToken(t)}`, {
      CallSid: 'CA-audit',
      Digits: '1',
    }),
  'POST /providers/twilio/status': async (t) =>
    providerForm(t, '/api/providers/twilio/status', {
      MessageSid: 'SM-audit',
      MessageStatus: 'delivered',
    }),
};

const alarmsOf = (t: TestApp) => `/api/areas/${t.farm.areas.irrigation.id}/alarms`;

/** People, contacts, alarms and the roster of site a (site b's contact for the edit). */
const PEOPLE_CALLS: Record<string, (t: TestApp) => Promise<ValidCall>> = {
  'POST /users': async (t) => ({
    url: '/api/users',
    payload: {
      siteId: t.farm.sites.a.id,
      firstName: 'Audit',
      lastName: 'Invitee',
      locale: 'en-NZ',
      email: 'invitee@farm.test',
      privileges: ['view'],
    },
  }),
  'POST /users/:userId/resend-activation-email': async (t) => ({
    url: `/api/users/${(await member(t, false)).id}/resend-activation-email`,
    payload: { siteId: t.farm.sites.a.id },
  }),
  'POST /users/find-by-email': async () => ({
    url: '/api/users/find-by-email',
    payload: { email: 'monitor@farm.test' },
  }),
  'DELETE /sites/:siteId/users/:userId': async (t) => ({
    url: `/api/sites/${t.farm.sites.a.id}/users/${(await member(t, true)).id}`,
  }),
  'PUT /permissions': async (t) => ({
    url: '/api/permissions',
    payload: {
      privilege: {
        actions: ['view'],
        target: { type: 'site', ids: [t.farm.sites.a.id] },
        allowed: true,
      },
      owners: [{ id: (await member(t, true)).id, type: 'user' }],
    },
  }),
  'POST /contacts': async (t) => ({
    url: '/api/contacts',
    payload: { site: t.farm.sites.a.id, name: 'Ada Tester', notifications: [] },
  }),
  'POST /sites/:site/contacts': async (t) => ({
    url: `/api/sites/${t.farm.sites.a.id}/contacts`,
    payload: { site: t.farm.sites.a.id, name: 'Audit Contact', locale: 'en-NZ', notifications: [] },
  }),
  'PUT /contacts/:id': async (t) => ({
    url: `/api/contacts/${t.farm.contacts.b.id}`,
    payload: {
      id: t.farm.contacts.b.id,
      site: t.farm.sites.b.id,
      name: 'Otto T.',
      company: null,
      locale: 'en-AU',
      notifications: [
        {
          id: t.farm.notifications.emailB.id,
          method: 'email',
          address: 'outsider@farm.test',
          afterhours: false,
          active: true,
        },
      ],
    },
  }),
  'DELETE /sites/:site/contacts/:id': async (t) => {
    const contacts = `/api/sites/${t.farm.sites.a.id}/contacts`;
    const payload = { site: t.farm.sites.a.id, name: 'Leaving Contact', notifications: [] };
    return { url: `${contacts}/${await created(t, contacts, payload)}` };
  },
  'POST /contacts/:id/test': async (t) => ({
    url: `/api/contacts/${t.farm.contacts.a.id}/test`,
    payload: { notification: t.farm.notifications.emailA.id, area: t.farm.areas.irrigation.id },
  }),
  'POST /areas/:areaId/alarms': async (t) => ({
    url: alarmsOf(t),
    payload: { active: true, rule: soilDryRule(t.farm), notifications: [] },
  }),
  'PUT /areas/:areaId/alarms/:id': async (t) => ({
    url: `${alarmsOf(t)}/${(await alarm(t)).id}`,
    payload: { active: false },
  }),
  'DELETE /areas/:areaId/alarms/:id': async (t) => ({
    url: `${alarmsOf(t)}/${(await alarm(t)).id}`,
  }),
  'POST /areas/:areaId/alarms/:id/acknowledge': async (t) => ({
    url: `${alarmsOf(t)}/${(await alarm(t, true)).id}/acknowledge`,
    payload: { comment: 'On it' },
  }),
  'PUT /sites/:site/roster': async (t) => ({
    url: `/api/sites/${t.farm.sites.a.id}/roster`,
    payload: smsThenEmailRoster(t.farm, 5, 1),
  }),
};

/** The site's settings and its programs, units, fans, frost forecast and reports. */
const SITE_CALLS: Record<string, (t: TestApp) => Promise<ValidCall>> = {
  'PUT /sites/:id': async (t) => ({
    url: `/api/sites/${t.farm.sites.a.id}`,
    payload: { config: { season: { start: '0109', end: '3004' }, elevation: 120 } },
  }),
  'PUT /sections/:id': async (t) => ({
    url: `/api/sections/${t.farm.sections.zone1.id}`,
    payload: { label: 'Zone 1 renamed' },
  }),
  'PUT /radios/:id': async (t) => ({
    url: `/api/radios/${t.farm.radios.radio2.id}`,
    payload: { location: '[-39.643,176.844]' },
  }),
  'PUT /areas/:id': async (t) => ({
    url: `/api/areas/${t.farm.areas.water.id}`,
    payload: { label: 'Tanks renamed' },
  }),
  'POST /radios/:id/ping': async (t) => ({
    url: `/api/radios/${t.farm.radios.radio2.id}/ping`,
    payload: {},
  }),
  'PUT /sensors/:id': async (t) => ({
    url: `/api/sensors/${t.farm.sensors.soil.id}`,
    payload: { label: 'Soil moisture zone 1 renamed' },
  }),
  'POST /controls/:id/test': async (t) => ({
    url: `/api/controls/${t.farm.controls.valve3.id}/test`,
    payload: {},
  }),
  'POST /programs/:id/test': async (t) => ({
    url: `/api/programs/${(await program(t, 'stopped')).id}/test`,
    payload: {},
  }),
  'PUT /programs/:id': async (t) => ({
    url: `/api/programs/${t.farm.programs.a.id}`,
    payload: { name: 'Programme renamed' },
  }),
  'POST /programs/:id/start': async (t) => ({
    url: `/api/programs/${(await program(t, 'stopped')).id}/start`,
    payload: {},
  }),
  'POST /programs/:id/resume': async (t) => ({
    url: `/api/programs/${(await program(t, 'paused')).id}/resume`,
    payload: {},
  }),
  'POST /programs/:id/pause': async (t) => ({
    url: `/api/programs/${(await program(t, 'running')).id}/pause`,
    payload: {},
  }),
  'POST /areas/:id/events/acknowledge': async (t) => ({
    url: `/api/areas/${t.farm.areas.irrigation.id}/events/acknowledge`,
    payload: { all: true },
  }),
  'POST /areas/:id/notes': async (t) => ({
    url: `/api/areas/${t.farm.areas.irrigation.id}/notes`,
    payload: { text: 'Checked the filter' },
  }),
  'DELETE /notes/:id': async (t) => {
    const notes = `/api/areas/${t.farm.areas.irrigation.id}/notes`;
    return { url: `/api/notes/${await created(t, notes, { text: 'Left to be deleted' })}` };
  },
  'PUT /sections/:id/flow': async (t) => ({
    url: `/api/sections/${t.farm.sections.zone2.id}/flow`,
    payload: { limits: {}, designedFlow: 100 },
  }),
  'POST /sections/:id/flow/learn': async (t) => ({
    url: `/api/sections/${t.farm.sections.zone2.id}/flow/learn`,
  }),
  'PUT /units/:id': async (t) => ({
    caller: (await member(t, true, ['install'])).id,
    url: `/api/units/${t.farm.units.a.id}`,
    payload: { reportIntervalSeconds: 600 },
  }),
  'PUT /sites/:id/frost-rules': async (t) => ({
    url: `/api/sites/${t.farm.sites.a.id}/frost-rules`,
    payload: {
      startAtOrBelow: 1,
      stopBy: 3,
      windShutdownAbove: null,
      permittedHours: null,
      source: 'Audit test',
    },
  }),
  'POST /fans/:id/start': async (t) => ({
    url: `/api/fans/${await fan(t)}/start`,
    payload: { override: true },
  }),
  'POST /fans/:id/stop': async (t) => ({ url: `/api/fans/${await fan(t)}/stop`, payload: {} }),
  'POST /areas/:id/frost-forecast': async (t) => ({
    url: `/api/areas/${t.farm.areas.frost.id}/frost-forecast`,
  }),
  'POST /exports': async (t) => ({
    url: '/api/exports',
    payload: { report: 'waterReport', format: 'csv', site: t.farm.sites.a.id, ...RANGE },
  }),
  'POST /sites/:id/scheduled-reports': async (t) => ({
    url: `/api/sites/${t.farm.sites.a.id}/scheduled-reports`,
    payload: scheduledReport(t),
  }),
  'DELETE /sites/:id/scheduled-reports/:reportId': async (t) => {
    const reports = `/api/sites/${t.farm.sites.a.id}/scheduled-reports`;
    return { url: `${reports}/${await created(t, reports, scheduledReport(t))}` };
  },
};

const scheduledReport = (t: TestApp) => ({
  report: 'waterReport',
  format: 'csv',
  contact: t.farm.contacts.a.id,
  every: 'week',
});

const consents = (t: TestApp) => `/api/sites/${t.farm.sites.a.id}/water-consents`;
const webhooks = (t: TestApp) => `/api/sites/${t.farm.sites.a.id}/webhooks`;

/** Water consents and meters, and webhooks with a delivery to send again. */
const WATER_AND_WEBHOOK_CALLS: Record<string, (t: TestApp) => Promise<ValidCall>> = {
  'POST /sites/:id/water-consents': async (t) => ({
    url: consents(t),
    payload: consentBody(await meter(t)),
  }),
  'PUT /sites/:id/water-consents/:consentId': async (t) => {
    const id = await created(t, consents(t), consentBody(await meter(t)));
    return { url: `${consents(t)}/${id}`, payload: consentBody(await meter(t)) };
  },
  'DELETE /sites/:id/water-consents/:consentId': async (t) => ({
    url: `${consents(t)}/${await created(t, consents(t), consentBody(await meter(t)))}`,
  }),
  'PUT /sensors/:id/flow': async (t) => ({
    url: `/api/sensors/${await meter(t)}/flow`,
    payload: { limits: { unscheduledFlow: 8, mainlinePercent: 180 } },
  }),
  'POST /sites/:id/webhooks': async (t) => ({ url: webhooks(t), payload: webhookBody }),
  'PUT /webhooks/:id': async (t) => ({
    url: `/api/webhooks/${await created(t, webhooks(t), webhookBody)}`,
    payload: { ...webhookBody, active: false },
  }),
  'DELETE /webhooks/:id': async (t) => ({
    url: `/api/webhooks/${await created(t, webhooks(t), webhookBody)}`,
  }),
  'POST /webhooks/:id/deliveries/:deliveryId/resend': async (t) => {
    const endpointId = await created(t, webhooks(t), webhookBody);
    const deliveryId = await delivered(t, endpointId);
    return { url: `/api/webhooks/${endpointId}/deliveries/${deliveryId}/resend` };
  },
};

const networkLinks = (t: TestApp) => `/api/sites/${t.farm.sites.a.id}/network-links`;
/** The Things Stack's webhook: a link with no client, so no server is reached. */
const networkLinkBody = {
  kind: 'tts-webhook',
  url: 'http://127.0.0.1:9/tts',
  applicationId: 'audit-app',
};

/** The site's links to a LoRaWAN network server. */
const NETWORK_LINK_CALLS: Record<string, (t: TestApp) => Promise<ValidCall>> = {
  'POST /sites/:id/network-links': async (t) => ({
    url: networkLinks(t),
    payload: networkLinkBody,
  }),
  'PUT /network-links/:id': async (t) => ({
    url: `/api/network-links/${await created(t, networkLinks(t), networkLinkBody)}`,
    payload: { ...networkLinkBody, applicationId: 'audit-app-2' },
  }),
  'DELETE /network-links/:id': async (t) => ({
    url: `/api/network-links/${await created(t, networkLinks(t), networkLinkBody)}`,
  }),
};

/**
 * The valid calls by operation name, in the order they run: none takes what an earlier one
 * changed or deleted. Each is given the test app once it runs.
 */
export const VALID_CALLS: Record<string, (t: TestApp) => Promise<ValidCall>> = {
  ...ACCOUNT_CALLS,
  ...PEOPLE_CALLS,
  ...SITE_CALLS,
  ...WATER_AND_WEBHOOK_CALLS,
  ...NETWORK_LINK_CALLS,
};
