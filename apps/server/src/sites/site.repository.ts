/**
 * A site's label as messages, emails and lists show it. Alarm messages and user invitations both
 * name the site; this folder imports only db/, so either side of the server can read it.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { sites } from '../db/schema.ts';

/** The site's label; undefined when the site is gone. */
export async function siteLabelOf(db: Queryable, siteId: number): Promise<string | undefined> {
  const [site] = await db.select({ label: sites.label }).from(sites).where(eq(sites.id, siteId));
  return site?.label;
}
