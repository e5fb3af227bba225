/**
 * `npm run field:keys`: prints each site's gateway user and broker key, for a site gateway (a
 * LoRaWAN network server, or `npm run simulator -- --keys-from FILE`). The keys derive from the
 * field secret: FIELD_SECRET, else the one the server made and kept in its database.
 *
 *   npm run field:keys                 every site
 *   npm run field:keys -- 3 4          sites 3 and 4 only
 *
 * With FIELD_SECRET set and site ids given, the database is not opened (the embedded database is
 * locked while a server runs). The keys are those of the embedded broker; an external broker
 * (MQTT_URL) has its own users, set up with the broker's tools.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadFieldSecret } from '../auth/secrets.ts';
import { loadConfig, runCommand } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { fieldKey, NETWORK_SERVER_USERNAME } from './credentials.ts';
import { siteLabels } from './device.repository.ts';
import { fieldKeysFor } from './provisioning.ts';

const USAGE = 'usage: npm run field:keys -- [SITE_ID ...]';

const siteIdsSchema = z.array(z.coerce.number().int().positive());

/**
 * One line per site, `{siteId} {username} {key}  {label}`: what the simulator's --keys-from reads.
 * The network server's login follows as a comment, which --keys-from passes over: it is given to
 * the simulator's --network-password (or a network server's MQTT integration) by hand.
 */
function print(
  keys: ReturnType<typeof fieldKeysFor>,
  labels: Map<number, string>,
  secret: string,
): void {
  console.log('# site  user  key  label   (keep the keys secret)');
  for (const key of keys) {
    console.log(`${key.siteId} ${key.username} ${key.key}  ${labels.get(key.siteId) ?? ''}`.trim());
  }
  const networkKey = fieldKey(secret, NETWORK_SERVER_USERNAME);
  console.log(`# LoRaWAN network server on this broker: ${NETWORK_SERVER_USERNAME} ${networkKey}`);
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const given = siteIdsSchema.safeParse(positionals);
  if (!given.success) {
    console.error(`Site ids are positive whole numbers.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (config.field.fieldSecret && given.data.length > 0) {
    print(fieldKeysFor(config.field.fieldSecret, given.data), new Map(), config.field.fieldSecret);
    return 0;
  }
  const handle = await openDatabase(config.database);
  try {
    const secret = await loadFieldSecret(handle.db, config.field.fieldSecret);
    const sites = await siteLabels(handle.db);
    const labels = new Map(sites.map((site) => [site.id, site.label]));
    const unknown = given.data.filter((id) => !labels.has(id));
    if (unknown.length > 0) {
      console.error(`No site ${unknown.join(', ')} in the database.`);
      return 1;
    }
    print(
      fieldKeysFor(secret, given.data.length > 0 ? given.data : [...labels.keys()]),
      labels,
      secret,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(main);
