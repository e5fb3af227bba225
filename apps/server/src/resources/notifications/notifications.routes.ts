/**
 * Alarms reaching people (ours): acknowledging an alarm (console, link, or 1 on a call), its
 * notification log and the site's, the site's escalation roster, and the provider's callbacks.
 */
import { EMPTY_ROSTER, NOTIFICATION_LOG_LIMIT, notificationEndpoints } from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acknowledgeAlarm } from '../../alarms/acknowledge.ts';
import { findAlarm } from '../../alarms/alarm.repository.ts';
import { findAckLinks } from '../../alarms/ack-link.repository.ts';
import { verifyAckToken } from '../../alarms/ack-links.ts';
import { twimlSay, validTwilioSignature } from '../../alarms/twilio.ts';
import { findAlarmLinkSecret } from '../../auth/secrets.ts';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { noteBefore, noteTouched } from '../../http/touched.ts';
import { requireObject, requireSite } from '../../permissions/access.ts';
import { presentAlarm } from '../alarms/alarm.presenter.ts';
import { findAlarmOfArea, findAlarmStates } from '../alarms/alarms.repository.ts';
import type { Database } from '../../db/client.ts';
import { callerName } from './caller-name.ts';
import {
  ackLinkView,
  acknowledgeByLinks,
  activeMethodsOf,
  alarmNotificationLog,
  findRoster,
  recordProviderStatus,
  saveRoster,
  siteNotificationLog,
} from './notifications.repository.ts';
/** The acknowledgement links a signed token names: none, or refused, when it is not ours. */
type AckLinks = {
  linksOf: (token: string) => ReturnType<typeof findAckLinks>;
  linkOf: (token: string) => ReturnType<typeof findAckLinks>;
};

/** Acknowledging from the console, the alarm's and the site's logs, and the site's roster. */
function consoleRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  route(app, notificationEndpoints.acknowledgeAlarm, async (request) => {
    const { areaId, id } = request.params;
    await requireObject(db, request, 'area', areaId, 'view');
    const alarm = await findAlarmOfArea(db, areaId, id);
    if (!alarm) throw notFound('Alarm');
    const by = await callerName(db, authOf(request).userId);
    const outcome = await db.transaction((tx) =>
      acknowledgeAlarm(tx, {
        alarmId: id,
        by,
        via: 'console',
        comment: request.body.comment?.trim() || null,
        now: clock.now(),
      }),
    );
    if (outcome === 'notRaised') throw conflict('The alarm is not raised');
    return presentAlarm(alarm, (await findAlarmStates(db, [id])).get(id));
  });

  route(app, notificationEndpoints.listAlarmNotifications, async (request) => {
    const { areaId, id } = request.params;
    await requireObject(db, request, 'area', areaId, 'view');
    if (!(await findAlarmOfArea(db, areaId, id))) throw notFound('Alarm');
    return alarmNotificationLog(db, id, NOTIFICATION_LOG_LIMIT);
  });

  route(app, notificationEndpoints.listSiteNotifications, async (request) => {
    const { site } = request.params;
    await requireSite(db, request, site, 'view');
    return siteNotificationLog(db, site, request.query.limit ?? NOTIFICATION_LOG_LIMIT);
  });

  route(app, notificationEndpoints.getSiteRoster, async (request) => {
    const { site } = request.params;
    await requireSite(db, request, site, 'view');
    return (await findRoster(db, site)) ?? EMPTY_ROSTER;
  });

  route(app, notificationEndpoints.updateSiteRoster, async (request) => {
    const { site } = request.params;
    await requireSite(db, request, site, 'edit');
    noteBefore(request, (await findRoster(db, site)) ?? EMPTY_ROSTER);
    const roster = request.body;
    const contactIds = [...new Set(roster.steps.map((step) => step.contact))];
    const ways = await activeMethodsOf(db, site, contactIds);
    roster.steps.forEach((step, index) => {
      if (!ways.some((way) => way.contact === step.contact && way.method === step.method)) {
        throw badRequest(
          `steps.${index}`,
          `Contact ${step.contact} is not a contact of this site with an active ${step.method} notification`,
        );
      }
    });
    await saveRoster(db, site, roster);
    return roster;
  });
}

/**
 * Notes the alarm a link acknowledges as the call's object: the link is its own permission (it
 * carries no session), so no check resolves the alarm for the audit row.
 */
async function noteAlarmOfLink(db: Database, request: FastifyRequest, alarmId: number) {
  const alarm = await findAlarm(db, alarmId);
  if (alarm) {
    noteTouched(request, {
      kind: 'alarm',
      id: alarmId,
      siteId: alarm.siteId,
      areaId: alarm.areaId,
    });
  }
}

/** The single-use link in a message: what it shows, and acknowledging by it. */
function ackLinkRoutes(app: FastifyInstance, { linkOf }: AckLinks) {
  const { db, clock } = app.ctx;
  route(app, notificationEndpoints.getAckLink, async (request) => {
    const [link] = await linkOf(request.params.token);
    if (!link) throw notFound('Acknowledgement link');
    const view = await ackLinkView(db, link.alarmId, link.usedAt !== null);
    if (!view) throw notFound('Acknowledgement link');
    return view;
  });

  route(app, notificationEndpoints.useAckLink, async (request) => {
    const links = await linkOf(request.params.token);
    const [link] = links;
    if (!link) throw notFound('Acknowledgement link');
    await noteAlarmOfLink(db, request, link.alarmId);
    const { used, acknowledged } = await acknowledgeByLinks(db, links, {
      via: 'link',
      comment: request.body?.comment?.trim() || null,
      now: clock.now(),
    });
    if (used === 0) throw new HttpError(410, 'This link was used already');
    if (acknowledged === 0) throw conflict('The alarm is no longer raised');
    const view = await ackLinkView(db, link.alarmId, true);
    if (!view) throw notFound('Acknowledgement link');
    return view;
  });
}

/** The provider's callbacks, signed: a message's or call's status, and the digits pressed. */
function providerRoutes(app: FastifyInstance, { linksOf }: AckLinks) {
  const { db, clock, config } = app.ctx;
  const authToken = config.alarms.twilio?.authToken ?? null;

  /** The provider signed the callback with our auth token, over the URL it was given. */
  const requireSignature = (request: {
    url: string;
    headers: Record<string, unknown>;
    body: Record<string, string>;
  }) => {
    const signature = request.headers['x-twilio-signature'];
    const url = `${config.publicUrl}${request.url}`;
    if (
      !authToken ||
      !validTwilioSignature(
        authToken,
        url,
        request.body,
        typeof signature === 'string' ? signature : undefined,
      )
    ) {
      throw new HttpError(403, 'Not signed by the provider');
    }
  };

  route(app, notificationEndpoints.providerStatus, async (request, reply) => {
    requireSignature(request);
    const body = request.body;
    const sid = body.MessageSid ?? body.CallSid;
    const status = body.MessageStatus ?? body.CallStatus;
    if (sid && status) {
      const failed = ['failed', 'undelivered', 'busy', 'no-answer', 'canceled'].includes(status);
      const delivered = ['delivered', 'completed', 'read'].includes(status);
      if (failed || delivered) {
        await recordProviderStatus(
          db,
          sid,
          failed
            ? {
                failed: true,
                reason: `Provider: ${status}${body.ErrorCode ? ` (${body.ErrorCode})` : ''}`,
              }
            : { failed: false },
        );
      }
    }
    return reply.code(204).send(null);
  });

  route(app, notificationEndpoints.providerGather, async (request, reply) => {
    requireSignature(request);
    reply.type('text/xml');
    const digits = request.body.Digits ?? '';
    if (digits !== '1') return twimlSay('No acknowledgement. Goodbye.');
    const links = await linksOf(request.params.token);
    if (links.length === 0) return twimlSay('This call cannot acknowledge. Goodbye.');
    const [first] = links;
    if (first) await noteAlarmOfLink(db, request, first.alarmId);
    const { acknowledged } = await acknowledgeByLinks(db, links, {
      via: 'voice',
      comment: null,
      now: clock.now(),
    });
    return twimlSay(
      acknowledged > 0
        ? `Acknowledged. Thank you.`
        : 'The alarm was already acknowledged or has cleared. Goodbye.',
    );
  });
}

export async function notificationRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  // Read on first use, not while the routes are registered: the server starts (and answers 503)
  // while the database is away. Kept once found; until the sender makes it, no link exists.
  let linkSecret: string | null = null;
  const secret = async () => (linkSecret ??= await findAlarmLinkSecret(db));

  // The provider posts its callbacks form-encoded; only these routes take that.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /** The links a signed token names; none when it is not ours. */
  const linksOf = async (token: string) => {
    const key = await secret();
    const ids = key ? verifyAckToken(key, token) : null;
    return ids ? findAckLinks(db, ids) : [];
  };
  const linkOf = async (token: string) => {
    const links = await linksOf(token);
    if (links.length === 0) throw notFound('Acknowledgement link');
    return links;
  };
  const ackLinks: AckLinks = { linksOf, linkOf };

  consoleRoutes(app);
  ackLinkRoutes(app, ackLinks);
  providerRoutes(app, ackLinks);
}
