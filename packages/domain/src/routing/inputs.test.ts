import { describe, expectTypeOf, it } from 'vitest';
import type { Area } from '../entities/area.ts';
import type { Control } from '../entities/control.ts';
import type { Radio } from '../entities/radio.ts';
import type { Sensor } from '../entities/sensor.ts';
import type { Site } from '../entities/site.ts';
import type { Unit } from '../entities/unit.ts';
import type {
  RoutingArea,
  RoutingControl,
  RoutingDevice,
  RoutingSensor,
  RoutingSite,
} from './inputs.ts';

describe('§3 entities feed §2 routing unchanged', () => {
  it('full entities are assignable to the narrow routing inputs (checked by tsc)', () => {
    expectTypeOf<Site>().toExtend<RoutingSite>();
    expectTypeOf<Area>().toExtend<RoutingArea>();
    expectTypeOf<Control>().toExtend<RoutingControl>();
    expectTypeOf<Sensor>().toExtend<RoutingSensor>();
    expectTypeOf<Radio>().toExtend<RoutingDevice>();
    expectTypeOf<Unit>().toExtend<RoutingDevice>();
  });
});
