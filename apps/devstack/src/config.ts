/**
 * The devstack's own settings: what it adds around the server (the demo farm and the simulator).
 * The server's settings (PORT, PADDOCK_DATA_DIR, MQTT_PORT, …) are the server's, read by it.
 */
import { parseEnvironment } from '@paddock/server';
import { parseSpan } from '@paddock/simulator';
import { z } from 'zod';

const devstackEnvSchema = z
  .object({
    /** `false` starts with an empty database instead of the demo farm. */
    PADDOCK_DEMO: z.stringbool().default(true),
    /** Runs the simulator's virtual farm beside the server; defaults to on with the demo farm. */
    PADDOCK_SIMULATOR: z.stringbool().optional(),
    /** Port of the simulator's fault-injection server (`npm run simulator -- fault …`); 0 picks a free one. */
    SIMULATOR_CONTROL_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
    /** The simulator reports this often instead of each device's interval (demos, tests). */
    SIMULATOR_REPORT_SECONDS: z.coerce.number().positive().optional(),
    /** How often every demo radio and unit reports (seeded into their config). */
    DEMO_REPORT_INTERVAL_SECONDS: z.coerce.number().int().positive().optional(),
    /**
     * How much past the demo farm gets on its first start (90d, 12w, 36h); 0 for none. Loaded in
     * the background: the server answers at once.
     */
    PADDOCK_DEMO_HISTORY: z
      .string()
      .default('90d')
      .transform((text, context) => {
        if (/^0+[ywdh]?$/.test(text.trim())) return 0;
        const span = parseSpan(text);
        if (span === null) {
          context.addIssue({
            code: 'custom',
            message: 'a span like 90d, 12w or 36h, or 0 for no history',
          });
          return z.NEVER;
        }
        return span;
      }),
    /**
     * Port of the local sms and voice provider stand-in (Twilio's protocol) the server sends
     * through when no TWILIO_BASE_URL is set; 0 picks a free one. What it takes is written to
     * PADDOCK_DATA_DIR/outbox/sms and …/calls and listed at GET /standin/outbox.
     */
    TWILIO_STANDIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /**
     * Port of the local webhook receiver: an endpoint added in the console at its
     * …/webhooks URL gets the site's events, listed at GET /standin/webhooks; 0 picks a free one.
     */
    WEBHOOK_STANDIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /** Seeds the simulator's farm: the same seed, the same weather, wear and noise. */
    SIMULATOR_SEED: z.coerce.number().int().min(0).max(4_294_967_295).default(10),
  })
  .transform((e) => ({
    demo: e.PADDOCK_DEMO,
    simulator: e.PADDOCK_SIMULATOR ?? e.PADDOCK_DEMO,
    simulatorControlPort: e.SIMULATOR_CONTROL_PORT,
    simulatorReportSeconds: e.SIMULATOR_REPORT_SECONDS ?? null,
    demoReportIntervalSeconds: e.DEMO_REPORT_INTERVAL_SECONDS ?? null,
    /** ms of history for a newly seeded demo farm; 0 for none. */
    demoHistoryMs: e.PADDOCK_DEMO_HISTORY,
    simulatorSeed: e.SIMULATOR_SEED,
    twilioStandinPort: e.TWILIO_STANDIN_PORT,
    webhookStandinPort: e.WEBHOOK_STANDIN_PORT,
  }));

export type DevstackConfig = z.output<typeof devstackEnvSchema>;

export function loadDevstackConfig(env: NodeJS.ProcessEnv = process.env): DevstackConfig {
  return parseEnvironment(devstackEnvSchema, env);
}
