/**
 * POST radios/{id}/ping body (§7 gives none). Decision: like a control test, an optional
 * requestId of an earlier ping, so a retried call returns that ping instead of pinging again.
 * TODO: move to packages/domain (radio.ts) beside the other radio bodies.
 */
import { requestIdSchema } from '@paddock/domain';
import { z } from 'zod';

export const radioPingBodySchema = z
  .object({ requestId: requestIdSchema.optional() })
  // A ping may be sent without any body, which Fastify hands over as null.
  .nullish();
export type RadioPingBody = z.infer<typeof radioPingBodySchema>;
