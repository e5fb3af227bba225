/**
 * The Things Stack's webhook (issue 32 item 2): POST network-links/{id}/uplinks, where The Things
 * Stack v3 posts each uplink of a link of kind `tts-webhook` as the same JSON its MQTT server
 * publishes. The network server's call, not a person's: no session, but the link's password,
 * which the site admin also sets on The Things Stack's side as an additional header
 * `Authorization: Bearer <password>`. It is checked before the body is validated, so a caller
 * without it learns nothing of the body's rules, and in constant time.
 *
 * The body is read by the domain's ttsUplinkSchema (the contract's body) and taken by takeUplink
 * (network-links/lorawan-uplinks.ts), as an uplink over MQTT is. A webhook link has no client:
 * a good post notes its last uplink and sets it `connected`, so the console shows it working.
 */
import {
  idParamSchema,
  networkLinkEndpoints,
  refuse,
  uplinkFromTts,
  type NetworkLinkOutcome,
} from '@paddock/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { route } from '../../http/endpoint.ts';
import { HttpError } from '../../http/errors.ts';
import { createCatalog } from '../../ingest/catalog.ts';
import type { CredentialBox } from '../../network-links/credential-box.ts';
import { createLorawanCatalog } from '../../network-links/lorawan-catalog.ts';
import { takeUplink } from '../../network-links/lorawan-uplinks.ts';
import { setLinkState } from '../../network-links/network-link.repository.ts';
import type { NetworkLinkRow } from './network-link.presenter.ts';
import { findNetworkLink } from './network-links.repository.ts';

const BEARER = /^bearer /i;

/** What refuses a post whose header is missing or wrong; the same either way. */
const WRONG_SECRET =
  "The webhook's secret is missing or wrong: send the link's password as the header " +
  '`Authorization: Bearer <password>`';

/**
 * Equal texts, compared in constant time: both are hashed first, so neither their lengths nor
 * where they first differ shows in the time taken.
 */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function networkLinkWebhookRoute(
  app: FastifyInstance,
  sealer: () => Promise<CredentialBox>,
): void {
  const { db, clock } = app.ctx;
  const context = {
    db,
    catalog: createCatalog(db),
    radios: createLorawanCatalog(db),
    log: app.log,
  };
  /** The link each checked request posts to, for its handler. */
  const checked = new WeakMap<FastifyRequest, NetworkLinkRow>();
  /**
   * Each link's uplinks are taken one at a time, as its MQTT client takes them: a network
   * server's retry of a frame still being stored must find it stored, not store it again.
   */
  const working = new Map<number, Promise<unknown>>();
  const oneAtATime = <T>(linkId: number, take: () => Promise<T>): Promise<T> => {
    const turn = (working.get(linkId) ?? Promise.resolve()).then(take, take);
    const settled = turn.catch(() => undefined);
    working.set(linkId, settled);
    void settled.then(() => {
      if (working.get(linkId) === settled) working.delete(linkId);
    });
    return turn;
  };

  /** The link, once the post carries its secret; before the body is validated. */
  async function requireSecret(request: FastifyRequest): Promise<void> {
    const params = idParamSchema.safeParse(request.params);
    // A malformed id is refused by validation, with its field.
    if (!params.success) return;
    const row = await findNetworkLink(db, params.data.id);
    if (!row) throw refuse.notFound('Network link');
    if (row.kind !== 'tts-webhook') {
      throw new HttpError(404, 'The network link takes no webhook: only a tts-webhook link does');
    }
    if (row.passwordSealed === null) {
      throw refuse.unauthenticated(
        'The network link has no password to check the webhook against: set one in the console',
      );
    }
    const password = (await sealer()).open(row.passwordSealed);
    if (password === null) {
      throw refuse.unauthenticated(
        "The network link's stored password cannot be read: save it again in the console",
      );
    }
    const header = request.headers.authorization;
    const given = header !== undefined && BEARER.test(header) ? header.slice(7) : null;
    if (given === null || !sameSecret(given, password)) throw refuse.unauthenticated(WRONG_SECRET);
    checked.set(request, row);
  }

  route(
    app,
    networkLinkEndpoints.takeWebhookUplink,
    async (request) => {
      const row = checked.get(request);
      if (!row) throw new Error('webhook uplink reached its handler unchecked');
      const receivedAt = clock.now();
      const uplink = uplinkFromTts(request.body, receivedAt);
      // The body as read: a dead letter keeps what the plan refused.
      const source = {
        topic: `POST /network-links/${row.id}/uplinks`,
        payload: Buffer.from(JSON.stringify(request.body)),
        receivedAt,
      };
      const taken: NetworkLinkOutcome = await oneAtATime(row.id, () =>
        takeUplink(context, { id: row.id, siteId: row.siteId }, uplink, source),
      );
      if (row.state !== 'connected' || row.stateDetail !== null) {
        await setLinkState(db, row.id, 'connected', null, receivedAt);
      }
      return { taken };
    },
    { preValidation: requireSecret },
  );
}
