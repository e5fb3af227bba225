/** External status summary (§3, §7): incidents and maintenances that raise the banner (§4). */
import { z } from 'zod';

/** One incident or maintenance; the status page sends more keys, kept as they are. */
export const statusItemSchema = z.looseObject({
  name: z.string(),
  url: z.string().optional(),
});
export type StatusItem = z.infer<typeof statusItemSchema>;

export const statusSummarySchema = z.looseObject({
  activeIncidents: z.array(statusItemSchema),
  activeMaintenances: z.array(statusItemSchema),
});
export type StatusSummary = z.infer<typeof statusSummarySchema>;

/** GET health: the server is up and its database answers (load balancers and probes). */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** GET health, 503: the server runs but its database does not answer. */
export const healthUnavailableSchema = z.object({
  status: z.literal('unavailable'),
  message: z.string(),
});
