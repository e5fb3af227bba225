/**
 * What a seed outside the server writes its rows with (apps/devstack's demo farm and its
 * `db:seed` command): the schema and the database's types, the row factories and farm geometry
 * the scale seed and the tests' farm share, the scale seed itself, and the few server rules a
 * seeded farm must follow (password hashes, area health, the metrics row, report periods, audit
 * rows chained as the server chains them).
 * Exported from the server's index, so the dependency runs one way: devstack → server.
 */
export { appendAudit } from '../audit/audit.repository.ts';
export { hashPassword } from '../auth/passwords.ts';
export { runCommand } from '../config.ts';
export {
  openDatabase,
  type DatabaseHandle,
  type DatabaseTarget,
  type Transaction,
} from '../db/client.ts';
export { acquireDataDirLock } from '../db/data-dir-lock.ts';
export * as schema from '../db/schema.ts';
export { refreshAreaHealth } from '../field/device-health.repository.ts';
export { lastWholePeriod } from '../exports/scheduled-reports.ts';
export { ensureMetrics } from '../resources/metrics/ensure-metrics.ts';
export {
  blockGrid,
  boundsOf,
  boundsPolygon,
  centroid,
  offset,
  pivotSectors,
  rectangle,
  strips,
} from './geometry.ts';
export { memberRow, meshRole, programRow, programZoneRow, type MeshRole } from './rows.ts';
export {
  BIG_BLOCK_LABEL,
  BIG_BLOCK_VALVES,
  BIG_BLOCK_ZONES,
  seedBigIrrigationArea,
} from './big-block.ts';
export { seedScale } from './scale.ts';
