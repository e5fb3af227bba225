/**
 * What the demo farm is made of: six real growing districts of New Zealand and Australia, each
 * described by its blocks, pumps, areas, people and what is going on there today. The seed turns
 * these into rows; the shapes are laid out from the real coordinates of each district.
 */
import type { CountryCode, IrrigationType, LatLng, Season } from '@paddock/domain';
import { DEMO_LOGINS } from '@paddock/domain/demo';

/** How the zones of an irrigation area lie on the ground. */
type ZoneLayout =
  /** Rectangular blocks from a north-west corner, `width` × `height` metres each. */
  | { kind: 'grid'; origin: LatLng; columns: number; width: number; height: number }
  /** The sectors of a centre pivot of `radius` metres. */
  | { kind: 'pivot'; centre: LatLng; radius: number };

/**
 * Where the program of an area is today: running now, irrigated last night, paused part-way, or
 * not run this season.
 */
type ProgramScene = 'running' | 'irrigated' | 'paused' | 'idle';

export type DemoIrrigationArea = {
  label: string;
  zones: readonly string[];
  layout: ZoneLayout;
  irrigationType: IrrigationType;
  pumps: readonly string[];
  /** Valves per zone; big almond blocks have two. */
  valvesPerZone?: number;
  /** A weather station reports into this area (capability 'weather'). */
  weather?: boolean;
  /** Its station has a pyranometer, so ET0 uses measured radiation there (issue 30). */
  pyranometer?: boolean;
  /** The centre pivot control watering the sectors. */
  pivot?: string;
  /** An add-on valve of the area, e.g. the filter flush. */
  valveAddon?: string;
  /** A digital input wired to the pump controller, e.g. a rain switch. */
  externalInput?: string;
  program: {
    name: string;
    scene: ProgramScene;
    /** Water depth per zone, mm. */
    depth: number;
    cycles: number;
    manual?: boolean;
    /** Zone indexes left out of every sequence (§4 banned). */
    banned?: readonly number[];
    /** Zone indexes that repeat their run (12-hourly, twice more). */
    repeats?: readonly number[];
    /** Zone index → variation %. */
    variations?: Readonly<Record<number, number>>;
    /** Valve indexes excluded from runs by their control config (§4 not-interested icon). */
    excludedValves?: readonly number[];
    /** Zones per sequence (at most 4 sequences, §9). */
    zonesPerSequence: number;
  };
};

/** Faults and warnings handed out to the site's radios, in order (§4 radio states). */
export type RadioTrouble = 'lowBattery' | 'weakSignal' | 'overdue' | 'fault' | 'misses';

type DemoContact = {
  name: string;
  company: string | null;
  /** A demo account this contact belongs to. */
  account?: 'admin' | 'manager' | 'monitor';
  email?: string;
  /** E.164 mobile. */
  sms?: string;
  /** E.164 number for voice calls. */
  voice?: string;
  /** Also told out of working hours. */
  afterhours?: boolean;
};

export type DemoSite = {
  label: string;
  country: CountryCode;
  region: string;
  cropType: string;
  timezone: string;
  season: Season;
  operator: string;
  client: string;
  /** The pump shed: base station, unit and water supply sit here; the site's map location. */
  shed: LatLng;
  irrigation: readonly DemoIrrigationArea[];
  frost?: { label: string; fans: number };
  water?: { label: string; tanks: readonly string[] };
  trouble?: readonly RadioTrouble[];
  /** The demo manager manages this site. */
  managed?: boolean;
  /** The demo monitor watches this site. */
  monitored?: boolean;
  /** Months of raw readings kept, when not 24: older chart points are half-hour rollups. */
  readingRetentionMonths?: number;
  contacts: readonly DemoContact[];
};

export const DEMO_SITES: readonly DemoSite[] = [
  {
    label: 'Te Awa Vineyard',
    country: 'nz',
    region: "Hawke's Bay",
    cropType: 'grapes',
    timezone: 'Pacific/Auckland',
    season: { start: '0109', end: '3004' },
    operator: "AquaTech Hawke's Bay",
    client: 'Te Awa Wines Ltd',
    shed: { lat: -39.6248, lng: 176.7742 },
    irrigation: [
      {
        label: 'Vineyard irrigation',
        zones: [
          'Block A Sauvignon Blanc',
          'Block B Chardonnay',
          'Block C Merlot',
          'Block D Syrah',
          'Block E Cabernet Sauvignon',
          'Block F Malbec',
          'Block G Pinot Gris',
          'Block H Viognier',
        ],
        layout: {
          kind: 'grid',
          origin: { lat: -39.6256, lng: 176.7755 },
          columns: 4,
          width: 180,
          height: 140,
        },
        irrigationType: 'valveControlledZone',
        pumps: ['Bore pump'],
        weather: true,
        pyranometer: true,
        valveAddon: 'Fertigation injector',
        externalInput: 'Rain shut-off switch',
        program: {
          name: 'Te Awa drip program',
          scene: 'running',
          depth: 6,
          cycles: 1,
          excludedValves: [7],
          zonesPerSequence: 2,
        },
      },
    ],
    frost: { label: 'Frost protection', fans: 3 },
    water: { label: 'Water supply', tanks: ['Header tank'] },
    trouble: ['lowBattery'],
    managed: true,
    monitored: true,
    contacts: [
      {
        name: 'Aroha Ngata',
        company: 'Te Awa Wines Ltd',
        account: 'admin',
        email: DEMO_LOGINS.admin,
        sms: '+64215550142',
        afterhours: true,
      },
      {
        name: 'Jack Walsh',
        company: "AquaTech Hawke's Bay",
        account: 'manager',
        email: DEMO_LOGINS.manager,
        sms: '+64275550177',
        voice: '+6468350177',
      },
      {
        name: 'Priya Nair',
        company: 'Te Awa Wines Ltd',
        account: 'monitor',
        email: DEMO_LOGINS.monitor,
      },
      {
        name: 'Hemi Walker',
        company: 'Te Awa Wines Ltd',
        email: 'vineyard@teawa.example.nz',
        sms: '+64225550193',
        voice: '+6468350193',
        afterhours: true,
      },
    ],
  },
  {
    label: 'Rapaura Vineyard',
    country: 'nz',
    region: 'Marlborough',
    cropType: 'grapes',
    timezone: 'Pacific/Auckland',
    season: { start: '0109', end: '3004' },
    operator: 'Marlborough Irrigation Services',
    client: 'Rapaura Estate Ltd',
    shed: { lat: -41.4812, lng: 173.8268 },
    irrigation: [
      {
        label: 'Drip irrigation',
        zones: [
          'Sauvignon Blanc 1',
          'Sauvignon Blanc 2',
          'Sauvignon Blanc 3',
          'Pinot Noir 1',
          'Pinot Noir 2',
          'Riesling',
          'Gewürztraminer',
        ],
        layout: {
          kind: 'grid',
          origin: { lat: -41.482, lng: 173.828 },
          columns: 3,
          width: 210,
          height: 160,
        },
        irrigationType: 'valveControlledZone',
        pumps: ['Wairau bore pump'],
        program: {
          name: 'Rapaura drip program',
          scene: 'idle',
          depth: 5,
          cycles: 1,
          banned: [6],
          zonesPerSequence: 2,
        },
      },
    ],
    frost: { label: 'Frost fans', fans: 4 },
    trouble: ['weakSignal', 'misses'],
    contacts: [
      {
        name: 'Aroha Ngata',
        company: 'Rapaura Estate Ltd',
        account: 'admin',
        email: DEMO_LOGINS.admin,
        sms: '+64215550142',
        afterhours: true,
      },
      {
        name: 'Tom Mackenzie',
        company: 'Rapaura Estate Ltd',
        email: 'tom@rapaura.example.nz',
        sms: '+64215550166',
        voice: '+6435720166',
        afterhours: true,
      },
    ],
  },
  {
    label: 'Dunsandel Dairy',
    country: 'nz',
    region: 'Canterbury',
    cropType: 'pasture',
    timezone: 'Pacific/Auckland',
    season: { start: '0109', end: '3105' },
    operator: 'Canterbury Irrigation Ltd',
    client: 'Dunsandel Dairies Ltd',
    shed: { lat: -43.6655, lng: 172.1885 },
    irrigation: [
      {
        label: 'Pivot 1',
        zones: [
          'Pivot 1 north-east',
          'Pivot 1 south-east',
          'Pivot 1 south-west',
          'Pivot 1 north-west',
        ],
        layout: { kind: 'pivot', centre: { lat: -43.6705, lng: 172.1935 }, radius: 420 },
        irrigationType: 'cycleControlledZone',
        pumps: ['Scheme turnout pump'],
        pivot: 'Centre pivot 1',
        program: {
          name: 'Pivot 1 rotation',
          scene: 'idle',
          depth: 12,
          cycles: 1,
          zonesPerSequence: 4,
        },
      },
      {
        label: 'K-line paddocks',
        zones: ['Paddock 12', 'Paddock 13', 'Paddock 14', 'Paddock 15', 'Paddock 16', 'Paddock 17'],
        layout: {
          kind: 'grid',
          origin: { lat: -43.6655, lng: 172.2015 },
          columns: 3,
          width: 250,
          height: 220,
        },
        irrigationType: 'singleSprinklerZone',
        pumps: ['K-line booster pump'],
        program: {
          name: 'K-line shifts',
          scene: 'idle',
          depth: 15,
          cycles: 1,
          repeats: [0, 1],
          zonesPerSequence: 2,
        },
      },
    ],
    water: { label: 'Stock water', tanks: ['Stock water tank 1', 'Stock water tank 2'] },
    trouble: ['overdue'],
    contacts: [
      {
        name: 'Aroha Ngata',
        company: 'Dunsandel Dairies Ltd',
        account: 'admin',
        email: DEMO_LOGINS.admin,
        sms: '+64215550142',
      },
      {
        name: 'Liam Crawford',
        company: 'Dunsandel Dairies Ltd',
        email: 'liam@dunsandel.example.nz',
        sms: '+64275550121',
        voice: '+6433250121',
        afterhours: true,
      },
    ],
  },
  {
    label: 'Loxton Almonds',
    country: 'au',
    region: 'Riverland',
    cropType: 'almonds',
    timezone: 'Australia/Adelaide',
    season: { start: '0108', end: '3004' },
    operator: 'Riverland Water Services',
    client: 'Murray Almond Co',
    shed: { lat: -34.4352, lng: 140.5928 },
    irrigation: [
      {
        label: 'Orchard irrigation',
        zones: [
          'Block 1 Nonpareil',
          'Block 2 Carmel',
          'Block 3 Price',
          'Block 4 Monterey',
          'Block 5 Nonpareil',
          'Block 6 Carmel',
        ],
        layout: {
          kind: 'grid',
          origin: { lat: -34.4365, lng: 140.594 },
          columns: 3,
          width: 400,
          height: 260,
        },
        irrigationType: 'valveControlledZone',
        pumps: ['River pump 1', 'River pump 2'],
        valvesPerZone: 2,
        weather: true,
        valveAddon: 'Filter flush valve',
        externalInput: 'Filter backflush signal',
        program: {
          name: 'Orchard drip program',
          scene: 'irrigated',
          depth: 9,
          cycles: 2,
          repeats: [0, 1],
          zonesPerSequence: 2,
        },
      },
    ],
    water: { label: 'River offtake & dam', tanks: ['Dam'] },
    trouble: ['weakSignal'],
    managed: true,
    contacts: [
      {
        name: 'Aroha Ngata',
        company: 'Murray Almond Co',
        account: 'admin',
        email: DEMO_LOGINS.admin,
      },
      {
        name: 'Jack Walsh',
        company: 'Riverland Water Services',
        account: 'manager',
        email: DEMO_LOGINS.manager,
        sms: '+61412550177',
        afterhours: true,
      },
      {
        name: 'Sophie Nguyen',
        company: 'Murray Almond Co',
        email: 'sophie@murrayalmond.example.com.au',
        sms: '+61423550184',
        voice: '+61885840184',
        afterhours: true,
      },
    ],
  },
  {
    label: 'Red Cliffs Citrus',
    country: 'au',
    region: 'Sunraysia',
    cropType: 'citrus',
    timezone: 'Australia/Melbourne',
    season: { start: '0109', end: '3105' },
    operator: 'Sunraysia Irrigation Co',
    client: 'Red Cliffs Citrus Pty Ltd',
    shed: { lat: -34.3055, lng: 142.1862 },
    irrigation: [
      {
        label: 'Citrus irrigation',
        zones: ['Valencia 1', 'Valencia 2', 'Navel 1', 'Navel 2', 'Mandarin', 'Lemon'],
        layout: {
          kind: 'grid',
          origin: { lat: -34.3062, lng: 142.1875 },
          columns: 3,
          width: 220,
          height: 180,
        },
        irrigationType: 'manySprinklerZone',
        pumps: ['Channel pump'],
        program: {
          name: 'Citrus sprinkler program',
          scene: 'paused',
          depth: 10,
          cycles: 2,
          variations: { 1: 10 },
          zonesPerSequence: 2,
        },
      },
    ],
    frost: { label: 'Frost fans', fans: 2 },
    trouble: ['fault', 'lowBattery'],
    readingRetentionMonths: 1,
    contacts: [
      {
        name: 'Aroha Ngata',
        company: 'Red Cliffs Citrus Pty Ltd',
        account: 'admin',
        email: DEMO_LOGINS.admin,
      },
      {
        name: 'Marco Rossi',
        company: 'Red Cliffs Citrus Pty Ltd',
        email: 'marco@redcliffs.example.com.au',
        sms: '+61438550152',
        voice: '+61350240152',
        afterhours: true,
      },
    ],
  },
  {
    label: 'Huon Valley Orchard',
    country: 'au',
    region: 'Tasmania',
    cropType: 'apples',
    timezone: 'Australia/Hobart',
    season: { start: '0110', end: '3004' },
    operator: 'Southern Tasmania Irrigation',
    client: 'Huon Fruit Growers',
    shed: { lat: -43.0238, lng: 147.0338 },
    irrigation: [
      {
        label: 'Orchard irrigation',
        zones: ['Royal Gala 1', 'Royal Gala 2', 'Pink Lady', 'Fuji', 'Jazz', 'Granny Smith'],
        layout: {
          kind: 'grid',
          origin: { lat: -43.0245, lng: 147.035 },
          columns: 3,
          width: 160,
          height: 130,
        },
        irrigationType: 'valveControlledZone',
        pumps: ['Huon River pump'],
        weather: true,
        program: {
          name: 'Orchard drip program',
          scene: 'idle',
          depth: 7,
          cycles: 1,
          manual: true,
          zonesPerSequence: 2,
        },
      },
    ],
    frost: { label: 'Frost protection', fans: 3 },
    trouble: ['misses'],
    contacts: [
      {
        name: 'Aroha Ngata',
        company: 'Huon Fruit Growers',
        account: 'admin',
        email: DEMO_LOGINS.admin,
      },
      {
        name: 'Ella Thompson',
        company: 'Huon Fruit Growers',
        email: 'ella@huonfruit.example.com.au',
        sms: '+61447550163',
        voice: '+61362640163',
        afterhours: true,
      },
    ],
  },
];
