import { describe, expectTypeOf, it } from 'vitest';
import type { Control } from '../entities/control.ts';
import type {
  ControlConfig,
  ProgramSchedule,
  ProgramStatus,
  ProgramZone,
  ZoneApplication,
  ZoneSetting,
} from '../entities/program.ts';
import type { Radio } from '../entities/radio.ts';
import type { Unit } from '../entities/unit.ts';
import type { ControlConfigEntry, ValveFaultInput } from './control.ts';
import type { DeviceStatusInput } from './device-status.ts';
import type { HardwareHealthInput } from './hardware-filters.ts';
import type { IrrigationColourInput, ZoneStrokeInput } from './irrigation-colour.ts';
import type { ProgramScheduleInput, ProgramStatusInput } from './program.ts';
import type { RadioStateInput } from './radio-state.ts';
import type { ZoneApplicationInput, ZoneRepeatInput } from './zone.ts';

// Type-level: the §3 entities can be passed straight to the §4 rules (checked by tsc).
describe('§3 entities fit the §4 rule inputs', () => {
  it('program, zone, control, radio and unit', () => {
    expectTypeOf<ProgramStatus>().toExtend<ProgramStatusInput>();
    expectTypeOf<ProgramSchedule>().toExtend<ProgramScheduleInput>();
    expectTypeOf<ZoneApplication>().toExtend<ZoneApplicationInput>();
    expectTypeOf<ZoneApplication>().toExtend<IrrigationColourInput>();
    expectTypeOf<ZoneApplication>().toExtend<ZoneStrokeInput>();
    expectTypeOf<ZoneSetting>().toExtend<ZoneRepeatInput>();
    expectTypeOf<ProgramZone['setting']>().toExtend<{
      manual?: boolean | null;
      banned?: boolean | null;
    }>();
    expectTypeOf<ControlConfig>().toExtend<ControlConfigEntry>();
    expectTypeOf<ControlConfigEntry>().toExtend<ControlConfig>();
    expectTypeOf<Control>().toExtend<ValveFaultInput>();
    expectTypeOf<Control>().toExtend<DeviceStatusInput>();
    expectTypeOf<Radio>().toExtend<RadioStateInput>();
    expectTypeOf<Radio>().toExtend<HardwareHealthInput>();
    expectTypeOf<Unit>().toExtend<HardwareHealthInput>();
  });
});
