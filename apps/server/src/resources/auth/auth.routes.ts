/** Authentication (§7): signing in and out, passwords, activation, invitation sign-up. */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.routes.ts';
import { passwordRoutes } from './password.routes.ts';
import { sessionRoutes } from './session.routes.ts';

export async function authRoutes(app: FastifyInstance) {
  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(accountRoutes);
}
