/**
 * A site's LoRaWAN network server links (issue 32 items 1 and 7): GET/POST
 * sites/{id}/network-links, PUT/DELETE network-links/{id}, GET network-links/{id}/heard. Reading
 * needs the view privilege on the site, changing the admin role (§6 top role), as for a site's
 * webhooks. An unknown site or link is 404; another site's, 403. The password is sealed before it
 * is stored (network-links/credential-box.ts) and never answered; the ingest role's link runner
 * sees a change within its poll. The Things Stack's webhook, authenticated by the link's password
 * rather than a session, is network-link-webhook.routes.ts.
 */
import {
  MAX_NETWORK_LINKS_PER_SITE,
  networkLinkEndpoints,
  refuse,
  type NetworkLinkBody,
} from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadFieldSecret } from '../../auth/secrets.ts';
import { route } from '../../http/endpoint.ts';
import { noteBefore, noteSubject } from '../../http/touched.ts';
import { credentialBox, type CredentialBox } from '../../network-links/credential-box.ts';
import { requireKnownSite } from '../sites/site-access.ts';
import { requireSiteAdmin } from './network-link-access.ts';
import { networkLinkWebhookRoute } from './network-link-webhook.routes.ts';
import { presentHeard, presentNetworkLink } from './network-link.presenter.ts';
import {
  countSiteNetworkLinks,
  deleteNetworkLink,
  findNetworkLink,
  insertNetworkLink,
  listHeard,
  listSiteNetworkLinks,
  updateNetworkLink,
  type NetworkLinkValues,
} from './network-links.repository.ts';

export async function networkLinkRoutes(app: FastifyInstance) {
  const { db, clock, config } = app.ctx;

  // The key is the field secret's, loaded (or made) once, when a password is first sealed or
  // opened.
  let box: Promise<CredentialBox> | undefined;
  const sealer = () => {
    box ??= loadFieldSecret(db, config.field.fieldSecret).then(credentialBox);
    box.catch(() => {
      box = undefined;
    });
    return box;
  };

  /** The body's columns; the password sealed, or undefined to keep the stored one. */
  async function valuesOf(body: NetworkLinkBody): Promise<NetworkLinkValues> {
    const { password, ...rest } = body;
    return {
      kind: rest.kind,
      url: rest.url,
      username: rest.username ?? null,
      applicationId: rest.applicationId,
      tenant: rest.tenant ?? null,
      passwordSealed:
        password === undefined || password === null ? password : (await sealer()).seal(password),
    };
  }

  /** The link, once the caller may act on its site as `need` says. */
  async function linkFor(request: FastifyRequest, id: number, need: 'view' | 'admin') {
    const row = await findNetworkLink(db, id);
    if (!row) throw refuse.notFound('Network link');
    if (need === 'admin') await requireSiteAdmin(db, request, row.siteId);
    else await requireKnownSite(db, request, row.siteId, 'view');
    // The audit row is about the link, not the site the check resolved.
    noteSubject(request, { kind: 'networkLink', id: row.id, label: row.url });
    return row;
  }

  route(app, networkLinkEndpoints.listSiteNetworkLinks, async (request) => {
    await requireKnownSite(db, request, request.params.id, 'view');
    const now = clock.now();
    return (await listSiteNetworkLinks(db, request.params.id)).map((row) =>
      presentNetworkLink(row, now),
    );
  });

  route(app, networkLinkEndpoints.createSiteNetworkLink, async (request, reply) => {
    const siteId = request.params.id;
    await requireSiteAdmin(db, request, siteId);
    if ((await countSiteNetworkLinks(db, siteId)) >= MAX_NETWORK_LINKS_PER_SITE) {
      throw refuse.conflict(`A site has at most ${MAX_NETWORK_LINKS_PER_SITE} network links`);
    }
    const values = await valuesOf(request.body);
    const now = clock.now();
    const row = await insertNetworkLink(db, { ...values, siteId, now });
    return reply.code(201).send(presentNetworkLink(row, now));
  });

  route(app, networkLinkEndpoints.updateNetworkLink, async (request) => {
    const { id } = request.params;
    const now = clock.now();
    noteBefore(request, presentNetworkLink(await linkFor(request, id, 'admin'), now));
    const row = await updateNetworkLink(db, id, { ...(await valuesOf(request.body)), now });
    if (!row) throw refuse.notFound('Network link');
    return presentNetworkLink(row, now);
  });

  route(app, networkLinkEndpoints.deleteNetworkLink, async (request, reply) => {
    const { id } = request.params;
    noteBefore(request, presentNetworkLink(await linkFor(request, id, 'admin'), clock.now()));
    if (!(await deleteNetworkLink(db, id))) throw refuse.notFound('Network link');
    return reply.code(204).send(null);
  });

  route(app, networkLinkEndpoints.listHeardDevices, async (request) => {
    const { id } = request.params;
    await linkFor(request, id, 'view');
    return (await listHeard(db, id)).map(presentHeard);
  });

  networkLinkWebhookRoute(app, sealer);
}
