/**
 * Radios (spec §7): GET areas/{id}/radios and radios?area={id}, GET/PUT radios/{id},
 * POST radios/{id}/ping and its requests GET radios/{id}/requests[/{requestId}].
 */
import { RADIO_REQUESTS_LIMIT, radioEndpoints } from '@paddock/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { createResponseCache, sendCachedJson } from '../../http/response-cache.ts';
import { noteBefore } from '../../http/touched.ts';
import { requireObject } from '../../permissions/access.ts';
import { presentRequest } from '../../requests/request.presenter.ts';
import { createRequest, findRequest, latestRequests } from '../../requests/request.repository.ts';
import { requireSiteAdmin } from '../network-links/network-link-access.ts';
import { presentRadio } from './radio.presenter.ts';
import {
  findRadio,
  isDevEuiTaken,
  isSectionOfSite,
  listRadiosOfArea,
  radiosOfAreaVersion,
  radioIdsOfSite,
  updateRadio,
} from './radio.repository.ts';

/** 409 naming the field: a devEUI is one device, so it is one radio's. */
const devEuiTaken = () =>
  new HttpError(409, 'Another radio has this devEUI', { field: 'devEui', location: 'body' });

/** A unique index's refusal, as PostgreSQL and PGlite both report it (code 23505). */
function isUniqueViolation(error: unknown, index: string): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || constraint === index);
}

/** Radio lists kept written, one per area (see http/response-cache.ts). */
const RADIO_LISTS_KEPT = 1_000;

export async function radioRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  // The list is the same for everyone who may view the area, so it is kept per area.
  const radioLists = createResponseCache({ maxEntries: RADIO_LISTS_KEPT });
  const radiosOfArea = async (request: FastifyRequest, reply: FastifyReply, areaId: number) => {
    // The list's version is asked alongside the access check (one round trip, not two); it
    // tells nothing, and nothing is read with it, unless the check passes.
    const [, version] = await Promise.all([
      requireObject(db, request, 'area', areaId, 'view'),
      radiosOfAreaVersion(db, areaId),
    ]);
    const cached = await radioLists.body(String(areaId), version, async () =>
      reply.serialize((await listRadiosOfArea(db, areaId)).map(presentRadio)),
    );
    return sendCachedJson(request, reply, cached);
  };

  route(app, radioEndpoints.listAreaRadios, async (request, reply) =>
    radiosOfArea(request, reply, request.params.id),
  );

  route(app, radioEndpoints.listRadios, async (request, reply) =>
    radiosOfArea(request, reply, request.query.area),
  );

  route(app, radioEndpoints.getRadio, async (request) => {
    await requireObject(db, request, 'radio', request.params.id, 'view');
    const row = await findRadio(db, request.params.id);
    if (!row) throw notFound('Radio');
    return presentRadio(row);
  });

  route(app, radioEndpoints.updateRadio, async (request) => {
    const id = request.params.id;
    const body = request.body;
    // The placement and mesh role are edits; how often a radio reports is the installer's.
    const edits =
      body.section !== undefined ||
      body.location !== undefined ||
      body.tags !== undefined ||
      body.config !== undefined;
    let siteId = 0;
    if (edits) ({ siteId } = await requireObject(db, request, 'radio', id, 'edit'));
    if (body.reportIntervalSeconds !== undefined) {
      ({ siteId } = await requireObject(db, request, 'radio', id, 'install'));
    }
    // Which LoRaWAN device the radio is decides whose uplinks feed the site: its admins'.
    if (body.devEui !== undefined) {
      ({ siteId } = await requireObject(db, request, 'radio', id, 'edit'));
      await requireSiteAdmin(db, request, siteId);
    }
    if (body.devEui != null && (await isDevEuiTaken(db, body.devEui, id))) {
      throw devEuiTaken();
    }
    if (body.section != null && !(await isSectionOfSite(db, body.section, siteId))) {
      throw badRequest('section', "Not a section of the radio's site");
    }
    if (body.config) {
      const children = body.config.children;
      const known = await radioIdsOfSite(db, children, siteId);
      const bad = children.findIndex((child) => child === id || !known.has(child));
      if (bad >= 0) {
        throw badRequest(`config.children.${bad}`, "Not another radio of the radio's site");
      }
    }
    const current = await findRadio(db, id);
    if (!current) throw notFound('Radio');
    noteBefore(request, presentRadio(current));
    const row = await updateRadio(db, id, body).catch((error: unknown) => {
      // Another call gave the devEUI to another radio between the check and the write.
      if (isUniqueViolation(error, 'radios_dev_eui_idx')) throw devEuiTaken();
      throw error;
    });
    if (!row) throw notFound('Radio');
    return presentRadio(row);
  });

  route(app, radioEndpoints.pingRadio, async (request, reply) => {
    const id = request.params.id;
    const { siteId } = await requireObject(db, request, 'radio', id, 'control');
    const requestId = request.body?.requestId;
    if (requestId !== undefined) {
      const earlier = await findRequest(db, 'radio', id, requestId);
      if (!earlier || earlier.action !== 'ping') {
        throw badRequest('requestId', 'Not a ping of this radio');
      }
      return reply.code(200).send(presentRequest(earlier));
    }
    const row = await createRequest(db, {
      action: 'ping',
      type: 'radio',
      targetId: id,
      siteId,
      requestedBy: authOf(request).userId,
      now: app.ctx.clock.now(),
    });
    return reply.code(202).send(presentRequest(row));
  });

  route(app, radioEndpoints.listRadioRequests, async (request) => {
    await requireObject(db, request, 'radio', request.params.id, 'view');
    const rows = await latestRequests(db, 'radio', request.params.id, RADIO_REQUESTS_LIMIT);
    return rows.map((row) => presentRequest(row));
  });

  route(app, radioEndpoints.getRadioRequest, async (request) => {
    const { id, requestId } = request.params;
    await requireObject(db, request, 'radio', id, 'view');
    const row = await findRequest(db, 'radio', id, requestId);
    if (!row) throw notFound('Request');
    return presentRequest(row);
  });
}
