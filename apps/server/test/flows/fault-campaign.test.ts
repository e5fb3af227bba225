/**
 * The fault campaign's short subset (`npm run faults -- --quick`): a server kill -9 during
 * ingest, Mosquitto killed for 3 s and a PostgreSQL restart, on a PostgreSQL cluster and a
 * Mosquitto of the campaign's own. Nothing lost, duplicated, actuated twice or stuck, and a ping
 * and a valve test complete after each. The embedded backend's kill -9 is
 * field/ingest-crash.test.ts. Needs PostgreSQL's and Mosquitto's binaries (CI has them).
 */
import { existsSync, readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { passed, runCampaign } from '../../faults/campaign.ts';

const hasBinaries =
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((version) =>
    existsSync(`/usr/lib/postgresql/${version}/bin/initdb`),
  ) &&
  (existsSync('/usr/sbin/mosquitto') || existsSync('/usr/bin/mosquitto'));

it.skipIf(!hasBinaries)(
  'survives the quick faults with nothing lost, duplicated or stuck',
  { timeout: 600_000 },
  async () => {
    const results = await runCampaign({ quick: true, only: null });
    for (const result of results) {
      expect(passed(result), `${result.name}: ${JSON.stringify(result)}`).toBe(true);
    }
  },
);
