/** Who may touch a contact: its own user (while a member of its site) or an editor of the site. */
import { hasPrivilege, type CountryCode, type Privilege, refuse } from '@paddock/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { authOf } from '../../http/context.ts';
import { noteTouched } from '../../http/touched.ts';
import { areaPrivileges, loadSiteAccess, requireSite } from '../../permissions/access.ts';
import type { ContactRow } from './contact.presenter.ts';
import { findContactRow, siteCountry } from './contacts.repository.ts';

/** 404 for an unknown site, then the usual membership and privilege check; returns its country. */
export async function requireKnownSite(
  db: Database,
  request: FastifyRequest,
  siteId: number,
  action: Privilege,
): Promise<CountryCode> {
  const country = await siteCountry(db, siteId);
  if (country === null) throw refuse.notFound('Site');
  await requireSite(db, request, siteId, action);
  return country;
}

/** The contact, when the caller is its user or holds 'edit' on its site. */
export async function requireOwnOrEditableContact(
  db: Database,
  request: FastifyRequest,
  contactId: number,
): Promise<ContactRow> {
  const contact = await findContactRow(db, contactId);
  if (!contact) throw refuse.notFound('Contact');
  const { userId } = authOf(request);
  const access = await loadSiteAccess(db, userId, contact.siteId);
  if (!access) throw refuse.forbidden('Not a member of this site');
  // The contact is what the call's audit row names (a refused call writes none).
  noteTouched(request, { kind: 'contact', id: contactId, siteId: contact.siteId, areaId: null });
  if (contact.userId === userId) return contact;
  if (!hasPrivilege(areaPrivileges(access, null), 'edit')) {
    throw refuse.forbidden(
      'Requires the edit privilege on this site, or the contact to be your own',
    );
  }
  return contact;
}
