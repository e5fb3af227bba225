/** The signed-in user's own records: GET user/privileges (spec §7). */
import { currentUserEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/context.ts';
import { route } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { userPrivileges } from './user.repository.ts';

export async function userRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, currentUserEndpoints.getUserPrivileges, async (request) => {
    const privileges = await userPrivileges(db, authOf(request).userId);
    if (!privileges) throw notFound('User');
    return { privileges };
  });
}
