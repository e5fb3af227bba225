/**
 * The database: one table per entity of spec §3 plus what authentication and permissions need.
 * Nested, always-read-together parts of an entity (settings, config, tags, topics, schedule,
 * zones, rule) are jsonb in the shape of the domain's zod schemas; everything queried, joined or
 * checked for privileges is a column with an index.
 */
import type {
  AcknowledgementChannel,
  AlarmRule,
  FrostRules,
  MeterFlowLimitsInput,
  MeterFlowState,
  ZoneFlowLimitsInput,
  WebhookDeliveryStatus,
  WebhookEventKind,
  NetworkLinkKind,
  NetworkLinkState,
  AlarmSeverity,
  AlarmStatus,
  ContactMethod,
  NotificationKind,
  NotificationStatus,
  Roster,
  AreaCapability,
  Bounds,
  ControlApplication,
  DeviceTags,
  Et0DayInputs,
  Geometry,
  MetaType,
  Privilege,
  ProgramDecisionKind,
  ProgramSchedule,
  ProgramStatus,
  ProgramZone,
  RadioConfig,
  SensorTopic,
  SiteConfig,
  SiteSettings,
  SiteTags,
  GenericResolution,
  ReportChoice,
  ReportEvery,
  ReportSeries,
} from '@paddock/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const modifiedAt = () => timestamptz('modified_at').notNull().defaultNow();

/** A reference to what the row belongs to: deleting that deletes the row. */
const ownedBy = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });
const siteId = () => ownedBy('site_id', () => sites.id);
const areaId = () => ownedBy('area_id', () => areas.id);
const userId = () => ownedBy('user_id', () => users.id);
/** A link that is cleared (set to null) when the row it points to goes. */
const linkTo = (name: string, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: 'set null' });

/** Whether a field device (unit, radio) reports in time, and when it last did (§4). */
const reportState = () => ({
  overdue: boolean('overdue').notNull().default(false),
  lastUpdate: timestamptz('last_update'),
});
/** How a field device (unit, radio) reports. */
const reportProtocol = () => ({
  /** How often the device reports; past it (plus grace) it is overdue (§4). */
  reportIntervalSeconds: integer('report_interval_seconds').notNull().default(600),
  /** Highest field-protocol sequence number seen, for gap and replay detection. */
  lastSeq: bigint('last_seq', { mode: 'number' }),
});

/** Server-wide settings that every process must share, e.g. the token signing secret. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  /** Point text, lat first (§3). */
  location: text('location').notNull(),
  type: text('type').notNull().default('site'),
  tags: jsonb('tags').$type<SiteTags>().notNull(),
  applications: text('applications')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  settings: jsonb('settings').$type<SiteSettings>().notNull(),
  config: jsonb('config').$type<SiteConfig>().notNull(),
  /** Operator and client of the site filter (§3); kept apart from tags, which the spec fixes. */
  operator: text('operator'),
  client: text('client'),
  modifiedAt: modifiedAt(),
});

export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    label: text('label').notNull(),
    type: text('type').$type<'irrigation' | 'water' | 'frost' | ''>().notNull(),
    capabilities: text('capabilities').array().$type<AreaCapability[]>().notNull(),
    settings: jsonb('settings').$type<{ bounds?: Bounds }>().notNull(),
    geometry: jsonb('geometry').$type<Geometry>(),
    outline: text('outline'),
    status: text('status').$type<'normal' | 'warning' | 'fault'>(),
    hasFaults: boolean('has_faults').notNull().default(false),
    alarmsActive: boolean('alarms_active').notNull().default(true),
    snoozed: boolean('snoozed').notNull().default(false),
  },
  (t) => [index('areas_site_idx').on(t.siteId)],
);

export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    areaId: areaId(),
    number: integer('number').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<'irrigationZone' | 'multiLayer'>().notNull(),
    outline: text('outline'),
    location: text('location'),
    selected: boolean('selected').notNull().default(false),
  },
  (t) => [index('sections_area_idx').on(t.areaId)],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    serialno: text('serialno').notNull(),
    areaIds: integer('area_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    location: text('location'),
    radioId: integer('radio_id'),
    ...reportState(),
    ...reportProtocol(),
  },
  (t) => [index('units_site_idx').on(t.siteId), uniqueIndex('units_serial_idx').on(t.serialno)],
);

export const radios = pgTable(
  'radios',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    /** The area whose telemetry lists the radio (GET areas/{id}/radios). */
    areaId: areaId(),
    type: text('type').$type<'WVC' | 'WMR' | 'LoRa'>().notNull(),
    unitId: linkTo('unit_id', () => units.id),
    serialno: text('serialno').notNull(),
    sectionId: linkTo('section_id', () => sections.id),
    location: text('location'),
    tags: jsonb('tags').$type<DeviceTags>().notNull(),
    config: jsonb('config').$type<RadioConfig>().notNull(),
    ...reportState(),
    fault: boolean('fault').notNull().default(false),
    online: boolean('online').notNull().default(true),
    batteryValue: doublePrecision('battery_value'),
    signalValue: doublePrecision('signal_value'),
    missesValue: doublePrecision('misses_value'),
    ...reportProtocol(),
    /** A LoRaWAN device's devEUI, 16 upper-case hex digits (migration 0033; issue 32). */
    devEui: text('dev_eui'),
  },
  (t) => [
    index('radios_area_idx').on(t.areaId),
    index('radios_site_idx').on(t.siteId),
    // The fleet view's radios that may need a person (migration 0030; §9's 3.3 V written out, as
    // resources/fleet/fleet.repository.ts asks it, so the planner matches the two).
    index('radios_attention_idx')
      .on(t.siteId)
      .where(sql`${t.overdue} or ${t.fault} or ${t.batteryValue} < 3.3`),
    uniqueIndex('radios_serial_idx').on(t.serialno),
    uniqueIndex('radios_dev_eui_idx').on(t.devEui),
  ],
);

export const sensors = pgTable(
  'sensors',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    areaId: areaId(),
    type: text('type').notNull(),
    radioId: linkTo('radio_id', () => radios.id),
    unitId: linkTo('unit_id', () => units.id),
    location: text('location'),
    geometry: jsonb('geometry').$type<Geometry>(),
    tags: jsonb('tags').$type<DeviceTags>().notNull(),
    topics: jsonb('topics').$type<SensorTopic[]>().notNull(),
    label: text('label').notNull(),
    serialno: text('serialno').notNull(),
  },
  (t) => [index('sensors_area_idx').on(t.areaId), index('sensors_site_idx').on(t.siteId)],
);

export const controls = pgTable(
  'controls',
  {
    id: serial('id').primaryKey(),
    areaId: areaId(),
    number: integer('number').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<'valve' | 'pump' | 'valveAddon' | 'pivot'>().notNull(),
    radioId: linkTo('radio_id', () => radios.id),
    unitId: linkTo('unit_id', () => units.id),
    sectionId: linkTo('section_id', () => sections.id),
    location: text('location'),
    application: jsonb('application').$type<ControlApplication>(),
    topics: jsonb('topics').$type<SensorTopic[]>().notNull(),
    startRequested: boolean('start_requested'),
    isRunning: boolean('is_running'),
    modifiedAt: modifiedAt(),
  },
  (t) => [index('controls_area_idx').on(t.areaId)],
);

export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    /** One program per area (§3). */
    areaId: areaId(),
    name: text('name').notNull(),
    status: jsonb('status').$type<ProgramStatus>().notNull(),
    schedule: jsonb('schedule').$type<ProgramSchedule>().notNull(),
    zones: jsonb('zones').$type<ProgramZone[]>().notNull(),
    modifiedAt: modifiedAt(),
  },
  (t) => [uniqueIndex('programs_area_idx').on(t.areaId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Identity id handed to the console (§3 stored auth identityId, recent_sites_{uid}). */
    uid: uuid('uid').notNull().defaultRandom(),
    /** The login name: an email, stored lower-case. */
    login: text('login').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    locale: text('locale').notNull().default('en-NZ'),
    /** argon2id; null until the account is activated. */
    passwordHash: text('password_hash'),
    /** User-level privileges (§6), e.g. loginAs, internal. */
    privileges: text('privileges')
      .array()
      .$type<Privilege[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastLogin: timestamptz('last_login'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_login_idx').on(t.login), uniqueIndex('users_uid_idx').on(t.uid)],
);

/** A user's membership of a site: the site-level privileges and the invitation's state (§3, §6). */
export const siteMembers = pgTable(
  'site_members',
  {
    userId: userId(),
    siteId: siteId(),
    privileges: text('privileges').array().$type<Privilege[]>().notNull(),
    signupStatus: text('signup_status').$type<'sent' | 'resent' | 'completed' | 'revoked'>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.siteId] }),
    index('site_members_site_idx').on(t.siteId),
  ],
);

/** Per-area privileges (§6: area id to list) that add to the site-level list. */
export const areaMembers = pgTable(
  'area_members',
  {
    userId: userId(),
    areaId: areaId(),
    privileges: text('privileges').array().$type<Privilege[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.areaId] })],
);

/**
 * A signed-in session: the refresh-token family. Rotation replaces the token hash; presenting a
 * replaced token again revokes the family (token theft). Access tokens carry the session id, so
 * logout (revokedAt) ends them too.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    /** Staff member acting as `userId` (login/as), for the audit trail. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_refresh_idx').on(t.refreshTokenHash),
    index('sessions_previous_refresh_idx').on(t.previousRefreshTokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Single-use, expiring tokens sent by email: password reset, account activation, invitation. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: userId(),
    purpose: text('purpose').$type<'reset' | 'activation' | 'invitation'>().notNull(),
    /** sha-256 of the token; the token itself exists only in the email. */
    tokenHash: text('token_hash').notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_idx').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId),
  ],
);

/** Failed sign-ins per account and per address, for throttling. */
export const loginFailures = pgTable('login_failures', {
  /** 'account:{login}' or 'address:{ip}'. */
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamptz('window_start').notNull(),
});

/** Who did what on whose behalf: login/as and permission changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: linkTo('actor_user_id', () => users.id),
    action: text('action').notNull(),
    targetUserId: linkTo('target_user_id', () => users.id),
    siteId: linkTo('site_id', () => sites.id),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetUserId)],
);

/** Requests to act in the field (§3): created `new` by the API, advanced by the field link. */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    action: text('action')
      .$type<'start' | 'resume' | 'pause' | 'ping' | 'export' | 'test' | 'stop'>()
      .notNull(),
    type: text('type').$type<'control' | 'program' | 'radio' | 'area' | 'site' | 'fan'>().notNull(),
    targetId: integer('target_id').notNull(),
    siteId: siteId(),
    status: text('status')
      .$type<'new' | 'inProgress' | 'done' | 'failed' | 'cancelled' | 'pending'>()
      .notNull(),
    /** What the action was asked with, e.g. startTime and zones of a program start. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    requestedBy: linkTo('requested_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at'),
  },
  (t) => [
    index('requests_target_idx').on(t.type, t.targetId, t.id),
    // The dispatcher's outbox (requests/dispatcher.ts), polled several times a second: only the
    // few requests not yet carried out, however long the history grows.
    index('requests_waiting_idx')
      .on(t.id)
      .where(sql`${t.status} in ('new', 'pending')`),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    /** The user this contact belongs to (GET user/contact); null for a contact without login. */
    userId: linkTo('user_id', () => users.id),
    name: text('name').notNull(),
    company: text('company'),
    locale: text('locale').notNull().default('en-NZ'),
  },
  (t) => [index('contacts_site_idx').on(t.siteId), index('contacts_user_idx').on(t.userId)],
);

export const contactNotifications = pgTable(
  'contact_notifications',
  {
    id: serial('id').primaryKey(),
    contactId: ownedBy('contact_id', () => contacts.id),
    method: text('method').$type<'email' | 'sms' | 'voice'>().notNull(),
    address: text('address').notNull(),
    afterhours: boolean('afterhours').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Critical alarms pass quiet hours even when `afterhours` is off (the contact's choice). */
    criticalAfterhours: boolean('critical_afterhours').notNull().default(false),
  },
  (t) => [index('contact_notifications_contact_idx').on(t.contactId)],
);

/** A test message to one contact notification (POST contacts/{id}/test), polled by the console. */
export const contactTests = pgTable('contact_tests', {
  id: serial('id').primaryKey(),
  contactId: ownedBy('contact_id', () => contacts.id),
  notificationId: ownedBy('notification_id', () => contactNotifications.id),
  areaId: areaId(),
  status: text('status').$type<'new' | 'inProgress' | 'done' | 'failed'>().notNull(),
  createdAt: createdAt(),
  /** Why the test failed, as the sender recorded it. */
  error: text('error'),
});

export const alarms = pgTable(
  'alarms',
  {
    id: serial('id').primaryKey(),
    areaId: areaId(),
    siteId: siteId(),
    active: boolean('active').notNull(),
    rule: jsonb('rule').$type<AlarmRule>().notNull(),
    /** Contact notification ids told when the alarm fires. */
    notifications: integer('notifications')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    label: text('label').notNull(),
  },
  (t) => [index('alarms_area_idx').on(t.areaId)],
);

export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    areaId: areaId(),
    type: text('type').$type<'warning' | 'error' | 'info'>().notNull(),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    message: text('message').notNull(),
    open: boolean('open').notNull().default(true),
    createdAt: createdAt(),
    /** The alarm whose raise, clear or acknowledgement this records. */
    alarmId: linkTo('alarm_id', () => alarms.id),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by'),
  },
  (t) => [
    index('events_area_time_idx').on(t.areaId, t.createdAt),
    index('events_alarm_idx')
      .on(t.alarmId)
      .where(sql`${t.alarmId} is not null`),
    index('events_open_idx')
      .on(t.areaId)
      .where(sql`${t.open}`),
  ],
);

/**
 * Where each alarm stands (packages/domain alarms/rules.ts: the state machine). A transition is
 * made with this row locked (SELECT … FOR UPDATE), in the transaction that writes its event and
 * its messages, so with any number of processes each raise and clear happens once. `episode`
 * counts raises: messages and acknowledgement links belong to one episode.
 */
export const alarmStates = pgTable('alarm_states', {
  alarmId: integer('alarm_id')
    .primaryKey()
    .references(() => alarms.id, { onDelete: 'cascade' }),
  status: text('status').$type<AlarmStatus>().notNull().default('normal'),
  holdingSince: timestamptz('holding_since'),
  clearingSince: timestamptz('clearing_since'),
  episode: integer('episode').notNull().default(0),
  raisedAt: timestamptz('raised_at'),
  raisedValue: doublePrecision('raised_value'),
  acknowledgedAt: timestamptz('acknowledged_at'),
  acknowledgedBy: text('acknowledged_by'),
  acknowledgedVia: text('acknowledged_via').$type<AcknowledgementChannel>(),
  comment: text('comment'),
  clearedAt: timestamptz('cleared_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** A site's escalation roster (ours): who is told, in what order, until someone acknowledges. */
export const siteRosters = pgTable('site_rosters', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  roster: jsonb('roster').$type<Roster>().notNull(),
});

/**
 * Every alarm message (and contact test), written in the transaction of what caused it: the
 * durable outbox the sender works through (status pending, due_at) and, once sent, delivered,
 * failed or suppressed, the notification log. Nothing is deleted.
 */
export const alarmNotifications = pgTable(
  'alarm_notifications',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'cascade' }),
    alarmId: linkTo('alarm_id', () => alarms.id),
    episode: integer('episode'),
    contactId: linkTo('contact_id', () => contacts.id),
    contactTestId: integer('contact_test_id').references(() => contactTests.id, {
      onDelete: 'cascade',
    }),
    method: text('method').$type<ContactMethod>().notNull(),
    address: text('address').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    severity: text('severity').$type<AlarmSeverity>().notNull().default('warning'),
    status: text('status').$type<NotificationStatus>().notNull().default('pending'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    raisedValue: doublePrecision('raised_value'),
    /** A line of detail the raise gives its messages (the frost forecast's; migration 0025). */
    detail: text('detail'),
    providerId: text('provider_id'),
    step: integer('step'),
    dueAt: timestamptz('due_at').notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('alarm_notifications_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index('alarm_notifications_alarm_idx').on(t.alarmId, t.id),
    index('alarm_notifications_site_idx').on(t.siteId, t.id),
    index('alarm_notifications_provider_idx')
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
  ],
);

/** A single-use acknowledgement link of one alarm episode, sent to one contact. */
export const alarmAckLinks = pgTable('alarm_ack_links', {
  id: serial('id').primaryKey(),
  alarmId: integer('alarm_id')
    .notNull()
    .references(() => alarms.id, { onDelete: 'cascade' }),
  episode: integer('episode').notNull(),
  contactId: linkTo('contact_id', () => contacts.id),
  createdAt: createdAt(),
  usedAt: timestamptz('used_at'),
});

/** Metrics a sensor topic can report (GET metrics/list). */
export const metrics = pgTable('metrics', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  label: text('label').notNull(),
  unit: text('unit'),
});

/**
 * A note left on a thing of an area (§3 Note: target, area; newest first per target). The spec
 * does not show the calls; ours are GET and POST areas/{id}/notes.
 */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    areaId: areaId(),
    /** What the note is about: the area itself or one of its things. */
    targetType: text('target_type').$type<MetaType>().notNull(),
    targetId: integer('target_id').notNull(),
    text: text('text').notNull(),
    /** Who wrote it, for the record; not on the wire. */
    createdBy: linkTo('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('notes_area_time_idx').on(t.areaId, t.createdAt)],
);

/** Every email the server sends; `sentAt` stays null in the local outbox when no SMTP is set. */
export const outboundEmails = pgTable('outbound_emails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
  sentAt: timestamptz('sent_at'),
  error: text('error'),
});

/**
 * One measured quantity of one thing (a sensor's or a control's metric, §3 topics, or a radio's
 * or unit's battery, signal or misses from its status reports). Readings refer to it by a small
 * integer, which keeps the readings table narrow.
 */
export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    thingType: text('thing_type').$type<'sensor' | 'control' | 'radio' | 'unit'>().notNull(),
    thingId: integer('thing_id').notNull(),
    metric: text('metric').notNull(),
  },
  (t) => [
    uniqueIndex('series_thing_metric_idx').on(t.thingType, t.thingId, t.metric),
    index('series_site_idx').on(t.siteId),
  ],
);

/**
 * Field readings, time-ordered per series. The primary key is the natural key of a reading, so a
 * QoS 1 redelivery inserts nothing (ON CONFLICT DO NOTHING). No foreign key on series: ingest
 * writes thousands of rows a second and series rows are never deleted while readings refer to them.
 */
export const readings = pgTable(
  'readings',
  {
    seriesId: integer('series_id').notNull(),
    time: timestamptz('time').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.time] })],
);

/**
 * Per-series aggregates of readings in fixed buckets (see telemetry/rollups.ts for the width),
 * kept by ingest in the same transaction as the readings, so long chart ranges read a few
 * thousand rows instead of a few hundred thousand.
 */
export const readingRollups = pgTable(
  'reading_rollups',
  {
    seriesId: integer('series_id').notNull(),
    bucket: timestamptz('bucket').notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.bucket] })],
);

/**
 * The phases at which a series has 6-hour rollups (telemetry/reading.repository.ts ROLLUP_6H_SECONDS): the
 * minute of the 6-hour UTC cycle their cells start at, one per local midnight its charts met.
 */
export const readingRollupPhases = pgTable(
  'reading_rollup_phases',
  {
    seriesId: integer('series_id').notNull(),
    phase: smallint('phase').notNull(),
  },
  (t) => [primaryKey({ name: 'reading_rollup_phases_pk', columns: [t.seriesId, t.phase] })],
);

/** 6-hour aggregates of readings at each phase of reading_rollup_phases, kept as readingRollups. */
export const readingRollups6h = pgTable(
  'reading_rollups_6h',
  {
    seriesId: integer('series_id').notNull(),
    phase: smallint('phase').notNull(),
    bucket: timestamptz('bucket').notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
  },
  (t) => [primaryKey({ name: 'reading_rollups_6h_pk', columns: [t.seriesId, t.phase, t.bucket] })],
);

/** Field messages that could not be taken, kept with the reason (never dropped silently). */
export const deadLetters = pgTable(
  'dead_letters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    topic: text('topic').notNull(),
    /** The payload as received: UTF-8 text, or base64 when it was not valid UTF-8. */
    payload: text('payload').notNull(),
    reason: text('reason').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [index('dead_letters_time_idx').on(t.receivedAt)],
);

/**
 * What must run after an ingest batch is committed (alarm evaluation, next), written in the
 * batch's own transaction so a crash cannot lose it; a worker runs the followup handlers and
 * deletes the row in one transaction (ingest/followups.ts). `batch` is the followup's payload:
 * the ids of the things and devices the batch heard from.
 */
export const ingestFollowups = pgTable(
  'ingest_followups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    batch: jsonb('batch').notNull(),
    committedAt: timestamptz('committed_at').notNull().defaultNow(),
    /** Failed runs so far; a failed followup waits until `dueAt` and is never dropped. */
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamptz('due_at').notNull().defaultNow(),
    error: text('error'),
  },
  (t) => [index('ingest_followups_due_idx').on(t.dueAt, t.id)],
);

/**
 * A command sent to one device (field protocol `down/command`), advanced by its acks. Requests
 * (§3) fan out into commands: a program start opens valves on several radios.
 */
export const fieldCommands = pgTable(
  'field_commands',
  {
    id: uuid('id').primaryKey(),
    requestId: linkTo('request_id', () => requests.id),
    /** The program run that sent it (program_runs is keyed by its program): the run it wakes. */
    programRunId: linkTo('program_run_id', () => programRuns.programId),
    siteId: siteId(),
    serialno: text('serialno').notNull(),
    action: text('action').$type<'open' | 'close' | 'ping' | 'fanStart' | 'fanStop'>().notNull(),
    /** The command as sent. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'sent' | 'accepted' | 'done' | 'failed' | 'timedOut'>().notNull(),
    reason: text('reason'),
    sentAt: timestamptz('sent_at').notNull(),
    /** With no final ack by then, the command fails (and its request with it). */
    deadline: timestamptz('deadline').notNull(),
    updatedAt: timestamptz('updated_at'),
    /**
     * When its settlement was queued for the listeners; null on a settled command means a process
     * died between settling it and queueing that, and the deadline sweep queues it.
     */
    announcedAt: timestamptz('announced_at'),
  },
  (t) => [
    index('field_commands_request_idx').on(t.requestId),
    index('field_commands_open_idx')
      .on(t.deadline)
      .where(sql`${t.status} in ('sent', 'accepted')`),
    index('field_commands_unannounced_idx')
      .on(t.updatedAt)
      .where(sql`${t.announcedAt} is null and ${t.status} in ('done', 'failed', 'timedOut')`),
  ],
);

/**
 * Where a program's run stands (the runner's state, see irrigation/runner in the domain). One row
 * per program; `version` guards against two processes advancing the same run.
 */
export const programRuns = pgTable('program_runs', {
  programId: integer('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A counter per kind of data that long-lived bodies are written from (http/response-cache.ts).
 * Triggers add one on every statement that writes the tables of that kind, so a server process
 * learns of a change by any process from one primary-key read. 'sites': the sites and
 * site_members tables (GET sites; migration 0004). 'memberships': what the lists of a member's
 * sites are read from (permissions/access.ts; migration 0038).
 */
export type DataVersionName = 'sites' | 'memberships';

export const dataVersions = pgTable('data_versions', {
  name: text('name').$type<DataVersionName>().primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Programs paused by a fault of a pump they are fed by (§3 autoProgramPause): the hold is what
 * lets the pump's recovery resume exactly the programs its fault paused (autoProgramResume), and
 * never one an operator paused. One row per program and pump (irrigation/pump-watch.ts).
 */
export const programPumpHolds = pgTable(
  'program_pump_holds',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    pumpId: integer('pump_id')
      .notNull()
      .references(() => controls.id, { onDelete: 'cascade' }),
    since: timestamptz('since').notNull(),
    /** The pause request the fault made, when it made one. */
    requestId: linkTo('request_id', () => requests.id),
  },
  (t) => [primaryKey({ columns: [t.programId, t.pumpId] })],
);

/** Binary data: PostgreSQL bytea, read and written as a Buffer (node-postgres and PGlite). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A site's own frost fan rules (issue 15); without a row the regional default applies. */
export const frostRules = pgTable('frost_rules', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<FrostRules>().notNull(),
  modifiedAt: modifiedAt(),
});

/**
 * A report export (§3 request action export): what was asked, its progress and, once done, its
 * file, kept here so every process serves it and a restart loses nothing; the file is cleared
 * when it expires.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    siteId: siteId(),
    /** The area it is narrowed to; null for a whole-site report (migration 0021). */
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    report: text('report').notNull(),
    /** A frost report's kind; null for the other report types. */
    kind: text('kind'),
    format: text('format').notNull(),
    rangeFrom: timestamptz('range_from').notNull(),
    rangeTo: timestamptz('range_to').notNull(),
    /** Ids of the things it is narrowed to; empty is every thing in scope. */
    things: jsonb('things').$type<number[]>().notNull().default([]),
    /** A generic export's series. */
    series: jsonb('series').$type<ReportSeries[]>(),
    resolution: text('resolution').$type<GenericResolution>(),
    progress: integer('progress').notNull().default(0),
    /** Issue 15's files, whole; since issue 17 files are kept in report_export_chunks. */
    file: bytea('file'),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    expiresAt: timestamptz('expires_at'),
    error: text('error'),
  },
  (t) => [
    index('report_exports_user_idx').on(t.userId, t.requestId),
    index('report_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.file} is not null`),
  ],
);

/**
 * An export's file in pieces of about a megabyte, in order: a large csv is written piece by piece
 * as it is made and served the same way, so neither holds the whole file in memory.
 */
export const reportExportChunks = pgTable(
  'report_export_chunks',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => reportExports.requestId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.seq] })],
);

/**
 * A report sent to a contact of the site by email each week or month (issue 17 item 5).
 * `lastPeriod` is the start of the last period sent (site-local date or month): a period is sent
 * once, whatever restarts happen between.
 */
export const scheduledReports = pgTable(
  'scheduled_reports',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    contactId: ownedBy('contact_id', () => contacts.id),
    every: text('every').$type<ReportEvery>().notNull(),
    choice: jsonb('choice').$type<ReportChoice>().notNull(),
    lastPeriod: text('last_period'),
    lastSentAt: timestamptz('last_sent_at'),
    /** The period a process is sending, and since when (a lost claim is taken again). */
    claimedPeriod: text('claimed_period'),
    claimedAt: timestamptz('claimed_at'),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('scheduled_reports_site_idx').on(t.siteId)],
);

/**
 * How far each weather station's agronomy is computed (agronomy/agronomy.ts), keyed by the
 * station's temperature sensor: the readings counted before `untilBucket` when it last ran.
 */
export const agronomyState = pgTable('agronomy_state', {
  sensorId: integer('sensor_id').primaryKey(),
  siteId: integer('site_id').notNull(),
  countedBefore: bigint('counted_before', { mode: 'number' }).notNull(),
  countedTotal: bigint('counted_total', { mode: 'number' }).notNull(),
  untilBucket: timestamptz('until_bucket').notNull(),
  computedAt: timestamptz('computed_at').notNull(),
});

/**
 * A frost area's forecast of one night (issue 31, frost/forecast.ts): what it read two hours after
 * sunset and made of it, the minimum the morning observed, and when the early warning went out
 * (claimed once by an update, whatever the number of worker processes).
 */
export const frostForecasts = pgTable(
  'frost_forecasts',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    /** The local date the night began (YYYY-MM-DD, frost/night.ts). */
    night: date('night', { mode: 'string' }).notNull(),
    siteId: siteId(),
    sunset: timestamptz('sunset').notNull(),
    sunrise: timestamptz('sunrise').notNull(),
    evaluatedAt: timestamptz('evaluated_at'),
    sunsetTemperature: doublePrecision('sunset_temperature'),
    t2: doublePrecision('t2'),
    td2: doublePrecision('td2'),
    /** Mean wind from sunset to T₂ time (km/h); null without a wind reading. */
    meanWind: doublePrecision('mean_wind'),
    a: doublePrecision('a').notNull(),
    b: doublePrecision('b').notNull(),
    c: doublePrecision('c').notNull(),
    fitNights: integer('fit_nights').notNull().default(0),
    fitError: doublePrecision('fit_error'),
    fitSource: text('fit_source').$type<'site' | 'default'>().notNull(),
    tmin: doublePrecision('tmin'),
    startExpectedAt: timestamptz('start_expected_at'),
    observedMin: doublePrecision('observed_min'),
    observedAt: timestamptz('observed_at'),
    /** By the radiative-night rule, once the night's wind and cooling are known. */
    radiative: boolean('radiative'),
    warnedAt: timestamptz('warned_at'),
    /** When the night first got its row: an incomplete night is looked at again for three days. */
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.night] }),
    index('frost_forecasts_site_night_idx').on(t.siteId, t.night),
  ],
);

/**
 * A weather station's reference evapotranspiration of one local day (issue 30 item 2,
 * agronomy/et0-days.ts): ET0 (mm) and the inputs and FAO-56 terms it came from; written once
 * the day is over and again when a back-fill changes it.
 */
export const et0Days = pgTable(
  'et0_days',
  {
    /** The station: the area whose sensors are tagged weather. */
    areaId: areaId(),
    /** The local date in the site's zone (YYYY-MM-DD). */
    date: date('date', { mode: 'string' }).notNull(),
    siteId: siteId(),
    et0: doublePrecision('et0').notNull(),
    inputs: jsonb('inputs').$type<Et0DayInputs>().notNull(),
    computedAt: timestamptz('computed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.date] }),
    index('et0_days_site_date_idx').on(t.siteId, t.date),
  ],
);

/**
 * The why of every run (issue 30 item 6): each decision a program's start took, newest last, with
 * the start request it decided, the decision as the domain made it (every check and the readings
 * it used, epoch ms instants) and its sentence. One per request and kind, so a retried job keeps
 * the decision it made the first time.
 */
export const programDecisions = pgTable(
  'program_decisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    programId: ownedBy('program_id', () => programs.id),
    areaId: areaId(),
    siteId: siteId(),
    at: timestamptz('at').notNull(),
    kind: text('kind').$type<ProgramDecisionKind>().notNull(),
    requestId: integer('request_id'),
    decision: jsonb('decision').$type<unknown>().notNull(),
    sentence: text('sentence').notNull(),
  },
  (t) => [
    index('program_decisions_program_idx').on(t.programId, t.id),
    uniqueIndex('program_decisions_request_idx').on(t.requestId, t.kind),
  ],
);

/**
 * A zone's flow supervision (issue 30 item 1): its limits (the domain's defaults where a field is
 * absent), its designed flow (L/min, the fallback until it has learned one) and its learned flow
 * (L/min, the median of its metered runs) with how many runs and when.
 */
export const zoneFlows = pgTable('zone_flows', {
  sectionId: integer('section_id')
    .primaryKey()
    .references(() => sections.id, { onDelete: 'cascade' }),
  siteId: siteId(),
  limits: jsonb('limits').$type<ZoneFlowLimitsInput>().notNull().default({}),
  designedFlow: doublePrecision('designed_flow'),
  learnedFlow: doublePrecision('learned_flow'),
  learnedRuns: integer('learned_runs').notNull().default(0),
  learnedAt: timestamptz('learned_at'),
});

/** A water meter's flow limits and the supervisor's state between its readings. */
export const meterFlows = pgTable('meter_flows', {
  sensorId: integer('sensor_id')
    .primaryKey()
    .references(() => sensors.id, { onDelete: 'cascade' }),
  siteId: siteId(),
  limits: jsonb('limits').$type<MeterFlowLimitsInput>().notNull().default({}),
  state: jsonb('state').$type<MeterFlowState>(),
  updatedAt: timestamptz('updated_at'),
});

/**
 * A site's webhook endpoint (issue 32 item 5): where its events are POSTed, which kinds, and the
 * secret that signs them (Standard Webhooks; never shown after it is made), with its latest
 * attempt for the console's list.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventKind[]>().notNull(),
    active: boolean('active').notNull(),
    secret: text('secret').notNull(),
    lastAttemptAt: timestamptz('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastDelivered: boolean('last_delivered'),
    createdAt: timestamptz('created_at').notNull(),
    modifiedAt: timestamptz('modified_at').notNull(),
  },
  (t) => [index('webhook_endpoints_site_idx').on(t.siteId)],
);

/**
 * The webhook outbox: an event of a site, written in the transaction of what happened while an
 * active endpoint of the site takes its kind. `messageId` is the webhook-id header.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: siteId(),
    messageId: text('message_id')
      .notNull()
      .default(sql`('msg_' || replace(gen_random_uuid()::text, '-', ''))`),
    kind: text('kind').$type<WebhookEventKind>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('webhook_events_at_idx').on(t.at)],
);

/**
 * An event on its way to an endpoint: pending until a 2xx answer (delivered) or until its
 * retries run out (failed). Each endpoint's pending deliveries go one at a time in id order; a
 * claimed one is leased so another process leaves it alone.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: ownedBy('endpoint_id', () => webhookEndpoints.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    nextAttemptAt: timestamptz('next_attempt_at'),
    leasedUntil: timestamptz('leased_until'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** One attempt of a delivery: the receiver's status (null: no answer), time and answer's start. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamptz('at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    excerpt: text('excerpt').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

/**
 * A site's link to a LoRaWAN network server's application (issue 32 item 1): where its client
 * connects, as whom (the password sealed, network-links/credential-box.ts), which application
 * and tenant it reads, and the state its client last met.
 */
export const networkLinks = pgTable(
  'network_links',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    kind: text('kind').$type<NetworkLinkKind>().notNull(),
    url: text('url').notNull(),
    username: text('username'),
    passwordSealed: text('password_sealed'),
    applicationId: text('application_id').notNull(),
    tenant: text('tenant'),
    state: text('state').$type<NetworkLinkState>().notNull().default('pending'),
    stateDetail: text('state_detail'),
    stateAt: timestamptz('state_at'),
    lastUplinkAt: timestamptz('last_uplink_at'),
    createdAt: timestamptz('created_at').notNull(),
    modifiedAt: timestamptz('modified_at').notNull(),
  },
  (t) => [index('network_links_site_idx').on(t.siteId)],
);

/** LoRaWAN devices a link heard whose devEUI no radio of its site has: to be attached. */
export const lorawanHeard = pgTable(
  'lorawan_heard',
  {
    linkId: ownedBy('link_id', () => networkLinks.id),
    devEui: text('dev_eui').notNull(),
    lastFCnt: bigint('last_f_cnt', { mode: 'number' }).notNull(),
    lastSeen: timestamptz('last_seen').notNull(),
    rssi: doublePrecision('rssi'),
    snr: doublePrecision('snr'),
  },
  (t) => [primaryKey({ name: 'lorawan_heard_pk', columns: [t.linkId, t.devEui] })],
);

/** Each LoRaWAN radio's last frame: its counter and the network server's time of it. */
export const lorawanFrames = pgTable('lorawan_frames', {
  radioId: integer('radio_id')
    .primaryKey()
    .references(() => radios.id, { onDelete: 'cascade' }),
  fCnt: bigint('f_cnt', { mode: 'number' }).notNull(),
  at: timestamptz('at').notNull(),
  /** The Things Stack's device id, which its downlink topic names (migration 0036). */
  deviceId: text('device_id'),
});

/** Each LoRaWAN uplink's air time, seconds, for the last two days (migration 0035). */
export const lorawanAirtime = pgTable(
  'lorawan_airtime',
  {
    radioId: integer('radio_id')
      .notNull()
      .references(() => radios.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [primaryKey({ name: 'lorawan_airtime_pk', columns: [t.radioId, t.at] })],
);
