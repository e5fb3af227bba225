/**
 * Reporting intervals reach the devices: a changed interval in the database is published in
 * the device's retained config at the next check, for that site only.
 */
import { configDownlinkSchema, downlinkTopic } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import {
  provisionChangedIntervals,
  readIntervals,
  sitesWithChangedIntervals,
} from './interval-provisioning.ts';
import { publishDeviceConfigs } from './provisioning.ts';
import { useTestField, waitFor, watchSiteDownlinks } from '../../test/helpers/field.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const clock = { now: () => NOW };
const log = { info: () => undefined };

const field = useTestField();

describe('sites with changed intervals', () => {
  it.each([
    ['nothing changed', [['1:R-1', 600]], [['1:R-1', 600]], []],
    [
      'one device of site 2',
      [
        ['1:R-1', 600],
        ['2:R-2', 600],
      ],
      [
        ['1:R-1', 600],
        ['2:R-2', 60],
      ],
      [2],
    ],
    [
      'a new device',
      [['1:R-1', 600]],
      [
        ['1:R-1', 600],
        ['3:U-3', 600],
      ],
      [3],
    ],
  ] as const)('%s', (_, published, current, sites) => {
    expect(sitesWithChangedIntervals(new Map(published), new Map(current))).toEqual(sites);
  });
});

describe('provisioning changed intervals', () => {
  it("publishes the site's configs with the new interval, then nothing more", async () => {
    const published = await readIntervals(field.db);
    const siteId = field.farm.sites.b.id;
    await publishDeviceConfigs({
      db: field.db,
      clock,
      broker: field.broker,
      topicRoot: field.broker.topicRoot,
    });
    await field.db
      .update(t.radios)
      .set({ reportIntervalSeconds: 45 })
      .where(eq(t.radios.serialno, 'R-2001'));

    const deps = {
      db: field.db,
      clock,
      log,
      broker: field.broker,
      topicRoot: field.broker.topicRoot,
      published,
    };
    expect(await provisionChangedIntervals(deps)).toEqual([siteId]);
    expect(await provisionChangedIntervals(deps)).toEqual([]);

    const { gateway, received } = await watchSiteDownlinks(field.broker, siteId);
    try {
      const topic = downlinkTopic(field.broker.topicRoot, siteId, 'R-2001', 'config');
      await waitFor('the retained config', () => received.has(topic));
      expect(configDownlinkSchema.parse(received.get(topic)).device.reportIntervalSeconds).toBe(45);
    } finally {
      await gateway.endAsync();
    }
  });
});
