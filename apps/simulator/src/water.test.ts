import { describe, expect, it } from 'vitest';
import {
  mainlineFlow,
  PIVOT_FLOW_M3H,
  STOCK_TANK,
  stepTank,
  stockDemand,
  VALVE_FLOW_M3H,
} from './water.ts';

describe('virtual water', () => {
  it('flows through the mainline in proportion to what is open', () => {
    expect(mainlineFlow(0, 0)).toBe(0);
    expect(mainlineFlow(3, 0)).toBe(3 * VALVE_FLOW_M3H);
    expect(mainlineFlow(0, 1)).toBe(PIVOT_FLOW_M3H);
  });

  it('draws more stock water by day than by night', () => {
    expect(stockDemand(1)).toBeGreaterThan(stockDemand(0));
    expect(stockDemand(0)).toBeGreaterThan(0);
  });

  it('empties a tank by the outflow and refills it between the float switch levels', () => {
    let tank = { level: 50, refilling: false };
    tank = stepTank(tank, 1, 3);
    expect(tank.level).toBeCloseTo(50 - (3 / STOCK_TANK.capacityM3) * 100);
    const levels: number[] = [];
    for (let hour = 0; hour < 24 * 5; hour++) {
      tank = stepTank(tank, 0.25, 2);
      levels.push(tank.level);
    }
    // It cycles between the refill levels rather than running dry or overflowing.
    expect(Math.min(...levels)).toBeGreaterThan(STOCK_TANK.refillBelow - 5);
    expect(Math.max(...levels)).toBeLessThan(STOCK_TANK.refillUntil + 5);
    expect(levels.some((level, i) => i > 0 && level > (levels[i - 1] ?? level))).toBe(true);
  });
});
