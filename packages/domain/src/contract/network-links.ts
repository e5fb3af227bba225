/**
 * LoRaWAN network server links (issue 32 items 1 and 7): a site's links to the application of a
 * ChirpStack v4 or The Things Stack v3 network server, whose uplinks become the readings of the
 * site's radios matched by devEUI, and the devices a link heard that no radio has yet.
 * GET/POST sites/{id}/network-links, PUT/DELETE network-links/{id}, GET network-links/{id}/heard.
 * Reading needs the view privilege on the site, changing the admin role: a link's credentials
 * reach the network server, and its application decides which devices feed the site.
 * POST network-links/{id}/uplinks is the network server's, not the console's: The Things Stack's
 * webhook posts each uplink there, with the link's password as its secret.
 */
import { z } from 'zod';
import { idParamSchema } from '../entities/params.ts';
import { ttsUplinkSchema } from '../lorawan/uplink.ts';
import { idSchema, isoDateTimeSchema, isStorableText } from '../entities/primitives.ts';
import { defineEndpoint } from './endpoint.ts';

/** ChirpStack v4's MQTT integration, The Things Stack v3's MQTT server, or its webhook. */
export const NETWORK_LINK_KINDS = ['chirpstack', 'tts-mqtt', 'tts-webhook'] as const;
export const networkLinkKindSchema = z.enum(NETWORK_LINK_KINDS);
export type NetworkLinkKind = z.infer<typeof networkLinkKindSchema>;

/**
 * What a link's client last met: `pending` before it first tried (and a webhook link, which has
 * no client, until the network server's first uplink with the right secret; `connected` after);
 * `refused: bad credentials` when the broker refused the user name or password;
 * `unreachable` when it could not be reached or refused for another reason; `no uplink for 2 h`
 * when connected but silent that long.
 */
export const NETWORK_LINK_STATES = [
  'pending',
  'connected',
  'refused: bad credentials',
  'unreachable',
  'no uplink for 2 h',
] as const;
export const networkLinkStateSchema = z.enum(NETWORK_LINK_STATES);
export type NetworkLinkState = z.infer<typeof networkLinkStateSchema>;

/** A link connected this long without an uplink is shown as silent (the issue's 2 h). */
export const NETWORK_LINK_SILENCE_MS = 2 * 3_600_000;

/** Ours: links a site may have; each is one client connection held by the ingest role. */
export const MAX_NETWORK_LINKS_PER_SITE = 10;

const URL_MAX_LENGTH = 2000;

/**
 * An application or tenant id as it goes into a topic: ChirpStack's are UUIDs, The Things
 * Stack's lower-case letters, digits and dashes. No `/`, `+`, `#` or `@`, which would let a link
 * read other applications' topics.
 */
const topicIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, 'Letters, digits, dots, dashes and underscores');

const credentialSchema = z
  .string()
  .min(1)
  .max(500)
  .refine(isStorableText, 'Contains a NUL character or a lone surrogate');

const MQTT_PROTOCOLS = new Set(['mqtt', 'mqtts', 'ws', 'wss']);
const WEBHOOK_PROTOCOLS = new Set(['http', 'https']);
/** The scheme and whether credentials precede the host (the domain has no URL class). */
const URL_PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*@)?/i;

/**
 * POST sites/{id}/network-links and PUT network-links/{id}. The password is never answered: on
 * PUT, leaving it out keeps the stored one and null removes it. The broker URL carries no
 * credentials of its own (they would be shown with it).
 */
export const networkLinkBodySchema = z
  .strictObject({
    kind: networkLinkKindSchema,
    url: z
      .url({
        protocol: /^(mqtts?|wss?|https?)$/,
        error: 'Must be an mqtt(s), ws(s) or http(s) URL',
      })
      .max(URL_MAX_LENGTH)
      .refine(isStorableText, 'Contains a NUL character or a lone surrogate'),
    username: credentialSchema.nullable().optional(),
    password: credentialSchema.nullable().optional(),
    applicationId: topicIdSchema,
    tenant: topicIdSchema.nullable().optional(),
  })
  .superRefine((body, context) => {
    const [, scheme = '', userinfo] = URL_PARTS.exec(body.url) ?? [];
    const protocols = body.kind === 'tts-webhook' ? WEBHOOK_PROTOCOLS : MQTT_PROTOCOLS;
    if (!protocols.has(scheme.toLowerCase())) {
      const want = body.kind === 'tts-webhook' ? 'an http(s)' : 'an mqtt(s) or ws(s)';
      context.addIssue({ code: 'custom', path: ['url'], message: `Must be ${want} URL` });
    }
    if (userinfo !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'Give the user name and password in their own fields, not in the URL',
      });
    }
    if (body.kind === 'tts-mqtt' && (body.tenant ?? null) === null) {
      context.addIssue({
        code: 'custom',
        path: ['tenant'],
        message: 'The Things Stack needs its tenant (ttn on The Things Network)',
      });
    }
  });
export type NetworkLinkBody = z.infer<typeof networkLinkBodySchema>;

/**
 * What a network server's message was taken as: `stored` (readings and signal), `repeat` (an
 * fCnt already stored: the network server's retry), `heard` (a devEUI no radio of the site has),
 * `invalid` (not a message of its kind), `ignored` (nothing to store), `no sensor` (the radio's
 * signal stored, but it has no sensor for the readings).
 */
export const NETWORK_LINK_OUTCOMES = [
  'stored',
  'repeat',
  'heard',
  'invalid',
  'ignored',
  'no sensor',
] as const;
export const networkLinkOutcomeSchema = z.enum(NETWORK_LINK_OUTCOMES);
export type NetworkLinkOutcome = z.infer<typeof networkLinkOutcomeSchema>;

/** A link as shown: never its password, only whether it has one. */
const networkLinkSchema = z.object({
  id: idSchema,
  site: idSchema,
  kind: networkLinkKindSchema,
  url: z.string(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  applicationId: z.string(),
  tenant: z.string().nullable(),
  state: networkLinkStateSchema,
  /** Why, in the broker's or the network's words, for a refused or unreachable link. */
  stateDetail: z.string().nullable(),
  lastUplinkAt: isoDateTimeSchema.nullable(),
  created: isoDateTimeSchema,
  modified: isoDateTimeSchema,
});
export type NetworkLink = z.infer<typeof networkLinkSchema>;

/** A device the link heard whose devEUI no radio of the site has ("heard but not provisioned"). */
const heardDeviceSchema = z.object({
  devEui: z.string(),
  lastFCnt: z.number().int().nonnegative(),
  lastSeen: isoDateTimeSchema,
  /** The best gateway's, dBm; null when no gateway said. */
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
});
export type HeardDevice = z.infer<typeof heardDeviceSchema>;

export const networkLinkEndpoints = {
  listSiteNetworkLinks: defineEndpoint({
    method: 'GET',
    path: '/sites/:id/network-links',
    tag: 'network-links',
    summary: "The site's LoRaWAN network server links, with their state",
    params: idParamSchema,
    responses: { 200: z.array(networkLinkSchema) },
  }),
  createSiteNetworkLink: defineEndpoint({
    method: 'POST',
    path: '/sites/:id/network-links',
    tag: 'network-links',
    summary: 'Links the site to a network server application (admin)',
    description:
      'The password is stored encrypted and never answered. The ingest role connects within a ' +
      'few seconds and reads only the application’s own topics. 409 when the site has ' +
      `${MAX_NETWORK_LINKS_PER_SITE} links.`,
    params: idParamSchema,
    body: networkLinkBodySchema,
    responses: { 201: networkLinkSchema },
  }),
  updateNetworkLink: defineEndpoint({
    method: 'PUT',
    path: '/network-links/:id',
    tag: 'network-links',
    summary: 'Changes a network server link (admin); a password left out is kept',
    params: idParamSchema,
    body: networkLinkBodySchema,
    responses: { 200: networkLinkSchema },
  }),
  deleteNetworkLink: defineEndpoint({
    method: 'DELETE',
    path: '/network-links/:id',
    tag: 'network-links',
    summary: 'Removes a network server link and what it heard (admin)',
    params: idParamSchema,
    responses: { 204: z.null().describe('Deleted') },
  }),
  listHeardDevices: defineEndpoint({
    method: 'GET',
    path: '/network-links/:id/heard',
    tag: 'network-links',
    summary: 'Devices the link heard that no radio of the site has yet, newest first',
    params: idParamSchema,
    responses: { 200: z.array(heardDeviceSchema) },
  }),
  takeWebhookUplink: defineEndpoint({
    method: 'POST',
    path: '/network-links/:id/uplinks',
    tag: 'network-links',
    // The network server's call: the link's password is its key, not a person's session.
    auth: 'none',
    // An uplink is a device's reading, not a person's change: the audit log would grow by every
    // sensor's every frame and bury the changes it is for.
    audited: false,
    summary: "The Things Stack webhook's uplink message, for a link of kind tts-webhook",
    description:
      'Posted by The Things Stack v3 (its webhook’s "Uplink message" path), with the link’s ' +
      'password as an additional header: `Authorization: Bearer <password>`. The uplink is ' +
      'taken as one over MQTT: matched to a radio of the site by devEUI, an fCnt already ' +
      'stored answered `repeat` and stored once, an unknown devEUI listed as heard. 401 when ' +
      'the header is missing or wrong (nothing is stored); 404 for an unknown link or one of ' +
      'another kind; 400 naming the field for a body that is not an uplink.',
    params: idParamSchema,
    body: ttsUplinkSchema,
    responses: { 200: z.object({ taken: networkLinkOutcomeSchema }) },
  }),
};
