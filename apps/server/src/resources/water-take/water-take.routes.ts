/**
 * The council water-take export (issue 17 item 4; docs/water-take.md): a site's water consents
 * (view to read, edit to change), each consent's water-take file of a day or a range, and the
 * days the daily job produced. A consent is only reached through its site: another site's
 * consent id is 404 here.
 */
import {
  localDateOf,
  siteTimeZone,
  waterTakeEndpoints,
  type QualityCode,
  type WaterConsentBody,
} from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { noteBefore } from '../../http/touched.ts';
import {
  consentNumberTaken,
  createConsent,
  deleteConsent,
  findConsent,
  foreignMeters,
  listConsents,
  readSiteZone,
  updateConsent,
} from '../../water-take/consent.repository.ts';
import { listDayStatus } from '../../water-take/water-take-days.ts';
import { readDayFile } from '../../water-take/water-take-day.repository.ts';
import {
  consentMeterDays,
  renderWaterTakeCsv,
  renderWaterTakeXlsx,
  waterTakeFileName,
} from '../../water-take/water-take-file.ts';
import { requireKnownSite } from '../sites/site-access.ts';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export async function waterTakeRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  /** The site's zone, after the caller's access to the site is checked. */
  const siteOf = async (request: FastifyRequest, siteId: number, action: 'view' | 'edit') => {
    await requireKnownSite(db, request, siteId, action);
    const site = await readSiteZone(db, siteId);
    if (!site) throw notFound('Site');
    const timeZone = siteTimeZone(site.config as { timezone?: string } | null, site.country);
    return { label: site.label, timeZone, today: localDateOf(clock.now().getTime(), timeZone) };
  };

  const consentOf = async (siteId: number, consentId: number, today: string) => {
    const consent = await findConsent(db, siteId, consentId, today);
    if (!consent) throw notFound('Water consent');
    return consent;
  };

  /** The meters must be this site's water meters, and the number free on the site. */
  const checkBody = async (siteId: number, body: WaterConsentBody, exceptId: number | null) => {
    const foreign = await foreignMeters(
      db,
      siteId,
      body.meters.map((meter) => meter.sensor),
    );
    if (foreign.length > 0) {
      throw badRequest(
        'meters',
        `Not a water meter of this site: ${foreign.join(', ')}`,
        foreign.map(String),
      );
    }
    if (await consentNumberTaken(db, siteId, body.consentNumber, exceptId)) {
      throw conflict(`The site already has consent ${body.consentNumber}`);
    }
  };

  route(app, waterTakeEndpoints.listWaterConsents, async (request) => {
    const { id } = request.params;
    const site = await siteOf(request, id, 'view');
    return {
      site: id,
      timezone: site.timeZone,
      consents: await listConsents(db, id, site.today),
    };
  });

  route(app, waterTakeEndpoints.createWaterConsent, async (request, reply) => {
    const { id } = request.params;
    const site = await siteOf(request, id, 'edit');
    await checkBody(id, request.body, null);
    const consentId = await createConsent(db, id, request.body, clock.now());
    return reply.code(201).send(await consentOf(id, consentId, site.today));
  });

  route(app, waterTakeEndpoints.updateWaterConsent, async (request) => {
    const { id, consentId } = request.params;
    const site = await siteOf(request, id, 'edit');
    noteBefore(request, await consentOf(id, consentId, site.today));
    await checkBody(id, request.body, consentId);
    if (!(await updateConsent(db, id, consentId, request.body, clock.now()))) {
      throw notFound('Water consent');
    }
    return consentOf(id, consentId, site.today);
  });

  route(app, waterTakeEndpoints.deleteWaterConsent, async (request, reply) => {
    const { id, consentId } = request.params;
    const site = await siteOf(request, id, 'edit');
    noteBefore(request, await consentOf(id, consentId, site.today));
    if (!(await deleteConsent(db, id, consentId))) throw notFound('Water consent');
    return reply.code(204).send(null);
  });

  route(app, waterTakeEndpoints.downloadWaterTake, async (request, reply) => {
    const { id, consentId } = request.params;
    const site = await siteOf(request, id, 'view');
    const consent = await consentOf(id, consentId, site.today);
    const { from, format } = request.query;
    const to = request.query.to ?? from;
    if (to > site.today) throw badRequest('to', 'The range must not end after today');
    const days = await consentMeterDays(db, consent, site.timeZone, from, to);
    const file =
      format === 'xlsx'
        ? await renderWaterTakeXlsx(consent, site, { from, to }, days)
        : Buffer.from(renderWaterTakeCsv(consent, days), 'utf8');
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header(
        'content-disposition',
        `attachment; filename="${waterTakeFileName(consent, from, to, format)}"`,
      )
      .header('cache-control', 'private, no-store')
      .send(file);
  });

  route(app, waterTakeEndpoints.listWaterTakeDays, async (request) => {
    const { id, consentId } = request.params;
    const site = await siteOf(request, id, 'view');
    await consentOf(id, consentId, site.today);
    const days = await listDayStatus(db, consentId, site.timeZone, clock.now(), request.query.days);
    return {
      consent: consentId,
      timezone: site.timeZone,
      days: days.map((day) => ({ ...day, quality: day.quality as QualityCode | null })),
    };
  });

  route(app, waterTakeEndpoints.downloadWaterTakeDay, async (request, reply) => {
    const { id, consentId, date } = request.params;
    const site = await siteOf(request, id, 'view');
    const consent = await consentOf(id, consentId, site.today);
    const file = await readDayFile(db, consentId, date);
    if (file === null) throw notFound('Water-take file of that day');
    return reply
      .header('content-type', CONTENT_TYPES.csv)
      .header(
        'content-disposition',
        `attachment; filename="${waterTakeFileName(consent, date, date, 'csv')}"`,
      )
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file, 'utf8'));
  });
}
