/** Every call of spec §7 under /api, one folder per resource. */
import type { FastifyInstance } from 'fastify';
import { userRoutes } from './user/user.routes.ts';

export async function apiRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(userRoutes);
}
