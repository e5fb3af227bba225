/**
 * The narrow shapes routing reads (§2). Full entities (`Site`, `Area`, `Control`…) are assignable
 * to them, so the rules can be fed either entities or hand-made test data.
 */
import type { AreaCapability, AreaType, ControlType, SensorType } from '../entities/vocabulary.ts';

/** An area as routing sees it: what decides its page, its tabs and its sidebar entries. */
export interface RoutingArea {
  readonly id: number;
  readonly label: string;
  readonly type: AreaType;
  readonly capabilities: readonly AreaCapability[];
}

/** A site as routing sees it; `areas` is absent in list responses (GET sites). */
export interface RoutingSite {
  readonly id: number;
  readonly areas?: readonly RoutingArea[] | null;
}

/** A control as a deep link sees it: a valve leads to its section's zone page. */
export interface RoutingControl {
  readonly id: number;
  readonly type: ControlType;
  /** Section id, null when the control waters no zone. */
  readonly section: number | null;
}

export interface RoutingSensor {
  readonly id: number;
  readonly type: SensorType;
}

/** A radio or a unit: a deep link only needs to know that it exists. */
export interface RoutingDevice {
  readonly id: number;
}
