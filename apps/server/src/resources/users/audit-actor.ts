/** Who an action writes in the audit log: the staff member when acting as someone (login/as). */
import type { RequestAuth } from '../../http/context.ts';

export type AuditActor = {
  actorUserId: number;
  /** The user the staff member acts as; undefined when they act as themselves. */
  onBehalfOf: number | undefined;
};

export function auditActorOf(auth: Pick<RequestAuth, 'userId' | 'actorUserId'>): AuditActor {
  return {
    actorUserId: auth.actorUserId ?? auth.userId,
    onBehalfOf: auth.actorUserId === null ? undefined : auth.userId,
  };
}
