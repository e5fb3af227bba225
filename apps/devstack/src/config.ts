/**
 * The devstack's own settings: what it adds around the server (the demo farm and the simulator).
 * The server's settings (PORT, PADDOCK_DATA_DIR, MQTT_PORT, …) are the server's, read by it.
 */
import { parseEnvironment } from '@paddock/server';
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
  })
  .transform((e) => ({
    demo: e.PADDOCK_DEMO,
    simulator: e.PADDOCK_SIMULATOR ?? e.PADDOCK_DEMO,
    simulatorControlPort: e.SIMULATOR_CONTROL_PORT,
    simulatorReportSeconds: e.SIMULATOR_REPORT_SECONDS ?? null,
    demoReportIntervalSeconds: e.DEMO_REPORT_INTERVAL_SECONDS ?? null,
  }));

export type DevstackConfig = z.output<typeof devstackEnvSchema>;

export function loadDevstackConfig(env: NodeJS.ProcessEnv = process.env): DevstackConfig {
  return parseEnvironment(devstackEnvSchema, env);
}
