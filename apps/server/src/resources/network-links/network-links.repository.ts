/**
 * SQL of a site's network server links (issue 32 items 1 and 7): the site's links, one link, its
 * insert, update and delete, and the devices it heard that no radio of the site has.
 */
import { and, asc, count, desc, eq, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lorawanHeard, networkLinks, radios } from '../../db/schema.ts';
import type { HeardRow, NetworkLinkRow } from './network-link.presenter.ts';

export async function listSiteNetworkLinks(
  db: Database,
  siteId: number,
): Promise<NetworkLinkRow[]> {
  return db
    .select()
    .from(networkLinks)
    .where(eq(networkLinks.siteId, siteId))
    .orderBy(asc(networkLinks.id));
}

export async function findNetworkLink(db: Database, id: number): Promise<NetworkLinkRow | null> {
  const [row] = await db.select().from(networkLinks).where(eq(networkLinks.id, id));
  return row ?? null;
}

export async function countSiteNetworkLinks(db: Database, siteId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(networkLinks)
    .where(eq(networkLinks.siteId, siteId));
  return row?.n ?? 0;
}

/** The columns a caller sets; the password already sealed (undefined: keep the stored one). */
export type NetworkLinkValues = Pick<
  typeof networkLinks.$inferInsert,
  'kind' | 'url' | 'username' | 'applicationId' | 'tenant'
> & { passwordSealed: string | null | undefined };

export async function insertNetworkLink(
  db: Database,
  values: NetworkLinkValues & { siteId: number; now: Date },
): Promise<NetworkLinkRow> {
  const { now, passwordSealed, ...rest } = values;
  const [row] = await db
    .insert(networkLinks)
    .values({ ...rest, passwordSealed: passwordSealed ?? null, createdAt: now, modifiedAt: now })
    .returning();
  if (!row) throw new Error('network link insert returned nothing');
  return row;
}

/**
 * Changes the link and sets it pending again (its client reconnects with what changed); null
 * when the link is gone.
 */
export async function updateNetworkLink(
  db: Database,
  id: number,
  values: NetworkLinkValues & { now: Date },
): Promise<NetworkLinkRow | null> {
  const { now, passwordSealed, ...rest } = values;
  const [row] = await db
    .update(networkLinks)
    .set({
      ...rest,
      ...(passwordSealed === undefined ? {} : { passwordSealed }),
      state: 'pending',
      stateDetail: null,
      stateAt: null,
      modifiedAt: now,
    })
    .where(eq(networkLinks.id, id))
    .returning();
  return row ?? null;
}

/** Deletes the link with what it heard; false when it was gone. */
export async function deleteNetworkLink(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(networkLinks)
    .where(eq(networkLinks.id, id))
    .returning({ id: networkLinks.id });
  return deleted.length > 0;
}

/**
 * What the link heard, newest first, less what a radio has meanwhile been given the devEUI of
 * (the list is of devices still to attach).
 */
export async function listHeard(db: Database, linkId: number): Promise<HeardRow[]> {
  return db
    .select()
    .from(lorawanHeard)
    .where(
      and(
        eq(lorawanHeard.linkId, linkId),
        notExists(
          db.select({ id: radios.id }).from(radios).where(eq(radios.devEui, lorawanHeard.devEui)),
        ),
      ),
    )
    .orderBy(desc(lorawanHeard.lastSeen), asc(lorawanHeard.devEui));
}
