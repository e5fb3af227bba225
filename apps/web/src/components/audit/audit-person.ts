/**
 * Who a row of the audit log names (issue 33 item 1): the person who made the change and, under
 * Switch User, whom they acted as ("Sam Fielding (as Aroha Ngata)"), or the product itself for
 * what no person did. Shared by the audit page and an object's History.
 */
import type { AuditRow } from '@paddock/domain';
import type { TFunction } from 'i18next';

export function auditPerson(row: Pick<AuditRow, 'actor' | 'actingAs'>, t: TFunction): string {
  if (row.actor === null) return t('Audit.Product');
  if (row.actingAs === null || row.actingAs.id === row.actor.id) return row.actor.name;
  return t('Audit.ActingAs', { actor: row.actor.name, actingAs: row.actingAs.name });
}
