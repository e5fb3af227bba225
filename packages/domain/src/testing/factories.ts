/**
 * Deterministic builders of schema-valid entities (§3) for tests, the server seed and the
 * simulator. Defaults describe one NZ vineyard in Hawke's Bay; pass overrides for anything else.
 * Overrides replace whole fields (no deep merge) and are not re-validated, so a test can also
 * build an invalid entity on purpose.
 */
import type { Alarm, AlarmRule } from '../entities/alarm.ts';
import type { Area } from '../entities/area.ts';
import type { Contact } from '../entities/contact.ts';
import type { Control } from '../entities/control.ts';
import type { AuditRow } from '../contract/audit.ts';
import type { ReportExport } from '../reports/exports.ts';
import type { Event } from '../entities/event.ts';
import type { FrostForecastTonight } from '../frost/forecast-schemas.ts';
import { neverRunProgramStatus, type Program, type ProgramZone } from '../entities/program.ts';
import type { Radio } from '../entities/radio.ts';
import type { ActionRequest } from '../entities/request.ts';
import type { Section } from '../entities/section.ts';
import type { Sensor } from '../entities/sensor.ts';
import type { Site } from '../entities/site.ts';
import type { Unit } from '../entities/unit.ts';
import type { User } from '../entities/user.ts';
import type { WeatherSensor } from '../entities/weather-sensor.ts';

/** A fixed instant all default timestamps use: 1 September 2024, 06:00 in Hawke's Bay. */
export const FACTORY_TIME = '2024-08-31T18:00:00Z';

/** Ids the defaults point at each other with. */
export const FACTORY_IDS = {
  site: 1,
  area: 10,
  section: 100,
  radio: 200,
  unit: 300,
  sensor: 400,
  control: 500,
  program: 600,
  contact: 700,
  notification: 701,
  user: 800,
  alarm: 900,
  request: 1000,
  event: 1100,
} as const;

export function buildSection(overrides: Partial<Section> = {}): Section {
  return {
    id: FACTORY_IDS.section,
    number: 1,
    label: 'Block A Sauvignon',
    type: 'irrigationZone',
    area: FACTORY_IDS.area,
    outline: '[[-39.6101,176.8201],[-39.6101,176.8231],[-39.6121,176.8231],[-39.6121,176.8201]]',
    location: '[-39.6111,176.8216]',
    selected: false,
    ...overrides,
  };
}

export function buildArea(overrides: Partial<Area> = {}): Area {
  return {
    id: FACTORY_IDS.area,
    site: FACTORY_IDS.site,
    label: 'Irrigation',
    type: 'irrigation',
    capabilities: ['soilMoisture', 'irrigationPump', 'weather'],
    sections: [buildSection()],
    settings: { bounds: { north: -39.6, south: -39.62, east: 176.83, west: 176.81 } },
    geometry: null,
    outline: '[[-39.6,176.81],[-39.6,176.83],[-39.62,176.83],[-39.62,176.81]]',
    status: 'normal',
    hasFaults: false,
    alarmsActive: true,
    snoozed: false,
    ...overrides,
  };
}

export function buildSite(overrides: Partial<Site> = {}): Site {
  return {
    id: FACTORY_IDS.site,
    label: 'Te Awa Vineyard',
    location: '[-39.6111,176.8216]',
    type: 'site',
    areas: [buildArea()],
    tags: { country: 'nz', region: "Hawke's Bay", cropType: 'grapes' },
    applications: ['irrigation'],
    settings: { bounds: { north: -39.6, south: -39.62, east: 176.83, west: 176.81 } },
    config: { season: { start: '0109', end: '3004' }, timezone: 'Pacific/Auckland' },
    summary: null,
    modified: FACTORY_TIME,
    ...overrides,
  };
}

export function buildRadio(overrides: Partial<Radio> = {}): Radio {
  return {
    id: FACTORY_IDS.radio,
    type: 'WVC',
    unit: FACTORY_IDS.unit,
    serialno: 'WVC-004512',
    section: FACTORY_IDS.section,
    location: '[-39.6112,176.8214]',
    tags: { identifier: 'canopy' },
    config: { repeater: false, coordinator: false, children: [] },
    overdue: false,
    lastUpdate: FACTORY_TIME,
    fault: false,
    online: true,
    batteryValue: 3.9,
    signalValue: -72,
    missesValue: 0,
    ...overrides,
  };
}

export function buildUnit(overrides: Partial<Unit> = {}): Unit {
  return {
    id: FACTORY_IDS.unit,
    serialno: 'U-77810',
    site: FACTORY_IDS.site,
    areas: [FACTORY_IDS.area],
    overdue: false,
    lastUpdate: FACTORY_TIME,
    location: '[-39.6105,176.8209]',
    radio: FACTORY_IDS.radio,
    ...overrides,
  };
}

export function buildSensor(overrides: Partial<Sensor> = {}): Sensor {
  return {
    id: FACTORY_IDS.sensor,
    type: 'soilMoisture',
    radio: FACTORY_IDS.radio,
    unit: FACTORY_IDS.unit,
    location: '[-39.6113,176.8217]',
    geometry: null,
    tags: { identifier: 'canopy' },
    topics: [{ metric: 'soil.moisture', type: 'analog', lastValue: 31.5, timestamp: FACTORY_TIME }],
    label: 'Block A probe',
    serialno: 'SM-2231',
    ...overrides,
  };
}

export function buildControl(overrides: Partial<Control> = {}): Control {
  return {
    id: FACTORY_IDS.control,
    number: 1,
    label: 'Valve A1',
    type: 'valve',
    radio: FACTORY_IDS.radio,
    unit: FACTORY_IDS.unit,
    area: FACTORY_IDS.area,
    section: FACTORY_IDS.section,
    location: '[-39.6110,176.8213]',
    application: { status: 'stopped', startTime: null, exclude: false, hasFaults: false },
    topics: [{ metric: 'fault', type: 'digital', lastValue: 0, timestamp: FACTORY_TIME }],
    modified: FACTORY_TIME,
    startRequested: false,
    isRunning: false,
    ...overrides,
  };
}

export function buildProgramZone(overrides: Partial<ProgramZone> = {}): ProgramZone {
  return {
    id: FACTORY_IDS.section,
    application: {
      irrigationType: 'valveControlledZone',
      status: 'stopped',
      startTime: null,
      endTime: null,
      stoppedTime: null,
      resumeTime: null,
      cycleCount: 0,
    },
    setting: {
      id: FACTORY_IDS.section,
      depth: 12,
      variation: 0,
      cycles: 1,
      manual: false,
      repeat: false,
      repeatInterval: 0,
      repeatCount: 0,
      banned: false,
    },
    ...overrides,
  };
}

export function buildProgram(overrides: Partial<Program> = {}): Program {
  return {
    id: FACTORY_IDS.program,
    name: 'Te Awa irrigation',
    area: FACTORY_IDS.area,
    status: neverRunProgramStatus(),
    schedule: {
      manual: false,
      attachments: [],
      sequences: [[FACTORY_IDS.section]],
      variations: [],
      controls: [],
    },
    zones: [buildProgramZone()],
    modified: FACTORY_TIME,
    ...overrides,
  };
}

export function buildContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: FACTORY_IDS.contact,
    site: FACTORY_IDS.site,
    name: 'Aroha Ngata',
    company: 'Te Awa Vineyard Ltd',
    locale: 'en-NZ',
    login: 'aroha@teawa.example.nz',
    notifications: [
      {
        id: FACTORY_IDS.notification,
        method: 'email',
        address: 'aroha@teawa.example.nz',
        afterhours: false,
        active: true,
      },
      {
        id: FACTORY_IDS.notification + 1,
        method: 'sms',
        address: '+64211234567',
        afterhours: true,
        active: true,
      },
    ],
    ...overrides,
  };
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: FACTORY_IDS.user,
    uid: 'ap-southeast-2:6f1c2d3e-0000-4000-8000-000000000800',
    login: 'aroha@teawa.example.nz',
    contact: buildContact(),
    privileges: ['view', 'edit', 'viewUsers', 'program', 'control'],
    areas: {},
    site: FACTORY_IDS.site,
    stats: {
      activeAlarms: 1,
      subscribedAlarms: 2,
      signupStatus: 'completed',
      lastLogin: FACTORY_TIME,
      created: '2023-05-02T21:30:00Z',
    },
    ...overrides,
  };
}

export function buildAlarmRule(overrides: Partial<AlarmRule> = {}): AlarmRule {
  return {
    id: FACTORY_IDS.alarm + 50,
    name: 'Block A soil moisture low',
    severity: 'warning',
    target: FACTORY_IDS.sensor,
    targetType: 'sensor',
    enabled: true,
    template: 1,
    conditions: {
      all: [
        { type: 'streamData', path: 'soil.moisture', operator: 'lessThan', value: 20 },
        { type: 'status' },
      ],
    },
    resetAfter: null,
    ...overrides,
  };
}

export function buildAlarm(overrides: Partial<Alarm> = {}): Alarm {
  return {
    id: FACTORY_IDS.alarm,
    area: FACTORY_IDS.area,
    site: FACTORY_IDS.site,
    active: true,
    rule: buildAlarmRule(),
    notifications: [FACTORY_IDS.notification],
    label: 'Block A soil moisture low',
    threshold: 20,
    operator: 'lessThan',
    ...overrides,
  };
}

export function buildWeatherSensor(overrides: Partial<WeatherSensor> = {}): WeatherSensor {
  return {
    type: 'measure',
    value: 14.2,
    location: { lat: -39.6111, lng: 176.8216 },
    section: FACTORY_IDS.section,
    tags: { identifier: 'weather' },
    unit: FACTORY_IDS.unit,
    sensor: FACTORY_IDS.sensor,
    ...overrides,
  };
}

export function buildActionRequest(overrides: Partial<ActionRequest> = {}): ActionRequest {
  return {
    id: FACTORY_IDS.request,
    action: 'ping',
    type: 'radio',
    status: 'new',
    target: FACTORY_IDS.radio,
    created: FACTORY_TIME,
    updated: null,
    ...overrides,
  };
}

export function buildEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: FACTORY_IDS.event,
    type: 'warning',
    target: FACTORY_IDS.radio,
    targetType: 'radio',
    area: FACTORY_IDS.area,
    message: 'Radio WVC-004512 battery low',
    open: true,
    timestamp: FACTORY_TIME,
    ...overrides,
  };
}

/** A row of a site's audit log (issue 33): a site admin's change to a fan's start temperature. */
export function buildAuditRow(overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    id: 12,
    time: '2026-11-20T18:30:00.000Z',
    actor: { id: 7, name: 'Aroha Ngata' },
    actingAs: null,
    address: '203.0.113.9',
    site: FACTORY_IDS.site,
    area: FACTORY_IDS.area,
    kind: 'sensor',
    target: 31,
    operation: 'PUT /areas/:areaId/alarms/:id',
    before: null,
    after: null,
    text: 'Aroha Ngata changed the start temperature of Fan 3 from 1.5 °C to 0.5 °C',
    ...overrides,
  };
}

/** A site's audit log export (issue 33) just asked for: csv, one day of November, no filter. */
export function buildAuditExport(overrides: Partial<ReportExport> = {}): ReportExport {
  return {
    id: 41,
    action: 'export',
    type: 'site',
    status: 'new',
    target: FACTORY_IDS.site,
    created: '2026-11-21T09:00:00.000Z',
    updated: null,
    site: FACTORY_IDS.site,
    area: null,
    report: 'audit',
    kind: null,
    format: 'csv',
    from: '2026-11-09T11:00:00.000Z',
    to: '2026-11-10T11:00:00.000Z',
    things: [],
    series: null,
    resolution: null,
    audit: {},
    progress: 0,
    fileName: null,
    size: null,
    expires: null,
    error: null,
    ...overrides,
  };
}

/**
 * Tonight's frost forecast of a September night in New Zealand (NZST, UTC+12): sunset 18:10, the
 * forecast at 20:10 from T₂ 6 °C and Td₂ 1 °C by the FAO's default coefficients, no warning sent.
 */
export function buildFrostForecastTonight(
  overrides: Partial<FrostForecastTonight> = {},
): FrostForecastTonight {
  return {
    night: '2026-09-20',
    sunset: '2026-09-20T06:10:00Z',
    sunrise: '2026-09-20T18:20:00Z',
    evaluatedAt: '2026-09-20T08:10:00Z',
    t2: 6,
    td2: 1,
    a: 0.5028,
    b: 0.0265,
    c: -5.822,
    fit: { nights: 0, meanAbsoluteError: null, source: 'default' },
    tmin: -2.78,
    startTemperature: 2,
    startExpectedAt: '2026-09-20T11:10:00Z',
    curve: [
      { at: '2026-09-20T08:10:00Z', temperature: 6 },
      { at: '2026-09-20T09:10:00Z', temperature: 3.86 },
      { at: '2026-09-20T18:20:00Z', temperature: -2.78 },
    ],
    warning: { threshold: 3, sent: false, sentAt: null },
    ...overrides,
  };
}
