/**
 * The spec's closed vocabularies (§3, §4, §8): every enumerated word the console and the server
 * share, once, as a zod enum and its union type. Entities and rules import from here so a word
 * is never spelled twice. The few lists the console checks before its first render (environments,
 * thing types) are spelled in words.ts, zod-free, and their enums built from them here.
 */
import { z } from 'zod';
import { ENVIRONMENTS, THING_TYPES } from './words.ts';

/** Deployment environments of the app config (§3, §9). Error reporting runs in all but development. */
export const environmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof environmentSchema>;

/** Countries the product serves; also the only phone-number countries (§9). */
export const countryCodeSchema = z.enum(['nz', 'au']);
export type CountryCode = z.infer<typeof countryCodeSchema>;

/** Area types (§3). An empty type is treated as water (add-ons). */
export const areaTypeSchema = z.enum(['irrigation', 'water', 'frost', '']);
export type AreaType = z.infer<typeof areaTypeSchema>;

export const areaCapabilitySchema = z.enum([
  'soilMoisture',
  'temperature',
  'batterySignal',
  'irrigationPump',
  'water',
  'things',
  'weather',
]);
export type AreaCapability = z.infer<typeof areaCapabilitySchema>;

export const sectionTypeSchema = z.enum(['irrigationZone', 'multiLayer']);
export type SectionType = z.infer<typeof sectionTypeSchema>;

export const radioTypeSchema = z.enum(['WVC', 'WMR', 'LoRa']);
export type RadioType = z.infer<typeof radioTypeSchema>;

export const sensorTypeSchema = z.enum([
  'soilMoisture',
  'pump',
  'temperature',
  'external',
  'combine',
  'watermeter',
  'rainbucket',
  'power',
  'pressure',
  'level',
  'wind',
  'humidity',
  'air',
  /** A pyranometer: global solar radiation (W/m²) for ET0 (issue 30). */
  'solar',
]);
export type SensorType = z.infer<typeof sensorTypeSchema>;

export const controlTypeSchema = z.enum(['valve', 'pump', 'valveAddon', 'pivot']);
export type ControlType = z.infer<typeof controlTypeSchema>;

export const weatherSensorTypeSchema = z.enum(['meta', 'measure']);
export type WeatherSensorType = z.infer<typeof weatherSensorTypeSchema>;

export const geometryTypeSchema = z.enum(['Point', 'Polygon']);
export type GeometryType = z.infer<typeof geometryTypeSchema>;

/** Program activity (§4). Running, starting, resuming and pausing show in the running colour. */
export const programActivitySchema = z.enum([
  'running',
  'starting',
  'resuming',
  'pausing',
  'stopped',
  'paused',
]);
export type ProgramActivity = z.infer<typeof programActivitySchema>;

/** What a program shows (§4): its activity, or irrigated once a run has finished. */
export const programDisplaySchema = z.enum([...programActivitySchema.options, 'irrigated']);
export type ProgramDisplay = z.infer<typeof programDisplaySchema>;

/** Status of one zone's application (§3); the same words as program activity. */
export const zoneApplicationStatusSchema = programActivitySchema;
export type ZoneApplicationStatus = ProgramActivity;

/**
 * Zone run state shown on the zone page (§4): program activity's words, and repeats, stopped with
 * repeats still to come.
 */
export const zoneRunStateSchema = z.enum([...programActivitySchema.options, 'repeats']);
export type ZoneRunState = z.infer<typeof zoneRunStateSchema>;

/** How a zone is irrigated (§3, §4): the first two schedule by zone, the last two by valve. */
export const irrigationTypeSchema = z.enum([
  'valveControlledZone',
  'singleSprinklerZone',
  'manySprinklerZone',
  'cycleControlledZone',
]);
export type IrrigationType = z.infer<typeof irrigationTypeSchema>;

/** Program status values the console shows after an action (§4). */
export const programClientStatusSchema = z.enum([
  'pending',
  'finished',
  'started',
  'stopped',
  'testStarted',
  'testStopped',
  'error',
  'applied',
  'applyFailed',
  'zoneStarted',
  'zoneStopped',
  'zoneError',
  'notPermitted',
]);
export type ProgramClientStatus = z.infer<typeof programClientStatusSchema>;

/** Irrigation setting edit kinds (§3), each saved with PUT programs/{id}. */
export const irrigationEditKindSchema = z.enum([
  'sequence',
  'schedule',
  'runtime',
  'pumps',
  'zones',
  'depth',
  'variation',
  'cycle',
  'repeat',
  'valves',
  'config',
  'zoneConfig',
]);
export type IrrigationEditKind = z.infer<typeof irrigationEditKindSchema>;

export const irrigationActionSchema = z.enum([
  'start',
  'apply',
  'resume',
  'stop',
  'skip',
  'testStart',
]);
export type IrrigationAction = z.infer<typeof irrigationActionSchema>;

export const pumpActionSchema = z.enum([
  'autoPumpStart',
  'autoPumpStop',
  'autoProgramResume',
  'autoProgramPause',
]);
export type PumpAction = z.infer<typeof pumpActionSchema>;

export const alarmOperatorSchema = z.enum(['equal', 'lessThan', 'greaterThan']);
export type AlarmOperator = z.infer<typeof alarmOperatorSchema>;

export const alarmSeveritySchema = z.enum(['critical', 'warning', 'info']);
export type AlarmSeverity = z.infer<typeof alarmSeveritySchema>;

export const contactMethodSchema = z.enum(['email', 'sms', 'voice']);
export type ContactMethod = z.infer<typeof contactMethodSchema>;

export const eventTypeSchema = z.enum(['warning', 'error', 'info']);
export type EventType = z.infer<typeof eventTypeSchema>;

/** §3's request actions, and ours: stop, a frost fan's remote stop (issue 31). */
export const requestActionSchema = z.enum([
  'start',
  'resume',
  'pause',
  'ping',
  'export',
  'test',
  'stop',
]);
export type RequestAction = z.infer<typeof requestActionSchema>;

/** §3's request types, and ours: fan, a frost fan's engine controller (a sensor) started or stopped from the console (issue 31). */
export const requestTypeSchema = z.enum(['control', 'program', 'radio', 'area', 'site', 'fan']);
export type RequestType = z.infer<typeof requestTypeSchema>;

export const requestStatusSchema = z.enum([
  'new',
  'inProgress',
  'done',
  'failed',
  'cancelled',
  'pending',
]);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

/** Every privilege (action) a user can hold on a site or an area (§3, §6). */
export const privilegeSchema = z.enum([
  'program',
  'control',
  'loginAs',
  'edit',
  'admin',
  'install',
  'internal',
  'view',
  'viewUsers',
  'createUsers',
  'updateUsers',
  'deleteUsers',
  'addPermissions',
]);
export type Privilege = z.infer<typeof privilegeSchema>;

export const roleSchema = z.enum(['admin', 'manage', 'monitor']);
export type Role = z.infer<typeof roleSchema>;

/** Invitation sign-up status (§3); the spec does not show exact spellings, these are ours. */
export const signupStatusSchema = z.enum(['sent', 'resent', 'completed', 'revoked']);
export type SignupStatus = z.infer<typeof signupStatusSchema>;

export const siteFilterKeySchema = z.enum([
  'application',
  'country',
  'region',
  'operator',
  'client',
]);
export type SiteFilterKey = z.infer<typeof siteFilterKeySchema>;

export const thingTypeSchema = z.enum(THING_TYPES);
export type ThingType = z.infer<typeof thingTypeSchema>;

export const metaTypeSchema = z.enum([
  'site',
  'area',
  'control',
  'section',
  'radio',
  'sensor',
  'unit',
]);
export type MetaType = z.infer<typeof metaTypeSchema>;

export const reportTypeSchema = z.enum([
  'frostReport',
  'irrigationReport',
  'waterReport',
  'generic',
  // A site's audit log as a file (issue 33), for site admins and support staff only.
  'audit',
]);
export type ReportType = z.infer<typeof reportTypeSchema>;

export const frostReportKindSchema = z.enum([
  'frostCompliance',
  'fuelingReport',
  'events',
  'frostExplorer',
]);
export type FrostReportKind = z.infer<typeof frostReportKindSchema>;

export const exportFormatSchema = z.enum(['pdf', 'xlsx', 'csv']);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export const chartExportFormatSchema = z.enum(['csv', 'advancedCsv', 'png']);
export type ChartExportFormat = z.infer<typeof chartExportFormatSchema>;

export const summaryKindSchema = z.enum([
  'chillUnits',
  'growingDegreeDay',
  'temperature',
  'windSpeed',
  'soilMoisture',
  'soilTemperature',
  'rain',
  'humidity',
  'dewpoint',
  'airDensity',
  'airPressure',
  'meta',
  'air',
  /** Beyond §3: the daily reference evapotranspiration (issue 30 item 2). */
  'et0',
]);
export type SummaryKind = z.infer<typeof summaryKindSchema>;

/** Lifecycle of any asynchronous piece of console state (§4). */
export const asyncStatusSchema = z.enum(['idle', 'loading', 'finished', 'error']);
export type AsyncStatus = z.infer<typeof asyncStatusSchema>;

/** Route load states (§2). */
export const routeLoadStateSchema = z.enum(['Init', 'InProgress', 'Complete']);
export type RouteLoadState = z.infer<typeof routeLoadStateSchema>;

/** Area status (§3 names the field, not its words). Ours: the worst state of the area's hardware. */
export const areaStatusSchema = z.enum(['normal', 'warning', 'fault']);
export type AreaStatus = z.infer<typeof areaStatusSchema>;

/** Panes of the console (§2 Pane ids); each has a numeric id, see routing/panes.ts. */
export const paneSchema = z.enum([
  'irrigation',
  'frost',
  'addons',
  'telemetry',
  'summary',
  'weather',
  'users',
]);
export type Pane = z.infer<typeof paneSchema>;

/** Panes of the zone views (§2 Pane ids). */
export const zoneViewPaneSchema = z.enum(['Skipped', 'Active', 'Faults']);
export type ZoneViewPane = z.infer<typeof zoneViewPaneSchema>;

/** Views of the hardware lists (§2 Pane ids). */
export const hardwareListViewSchema = z.enum([
  'Map',
  'List',
  'Events',
  'Alarms',
  'Detail',
  'Chart',
  'Telemetry',
]);
export type HardwareListView = z.infer<typeof hardwareListViewSchema>;
