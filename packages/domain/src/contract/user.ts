/** The signed-in user's own records (§7). */
import { userPrivilegesSchema } from '../entities/privileges.ts';
import { defineEndpoint } from './endpoint.ts';

export const currentUserEndpoints = {
  getUserPrivileges: defineEndpoint({
    method: 'GET',
    path: '/user/privileges',
    tag: 'user',
    summary: "The caller's user-level privileges (§6), e.g. loginAs",
    responses: { 200: userPrivilegesSchema },
  }),
};
