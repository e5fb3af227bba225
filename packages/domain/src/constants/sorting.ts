/**
 * Sorting and filter codes of §9 as stored in preferences (§3 hardwareSorting, hardwareFilter,
 * thingsFilter, programSorting), with their schemas for reading the stored values back.
 */
import { z } from 'zod';
import { HARDWARE_FILTER, type HardwareFilter } from './hardware-filter.ts';

/** Hardware list order by last report: unsorted, oldest first, newest first. */
export const HARDWARE_SORT = {
  default: 0,
  ascending: 1,
  descending: 2,
} as const;

export type HardwareSortName = keyof typeof HARDWARE_SORT;
export type HardwareSort = (typeof HARDWARE_SORT)[HardwareSortName];
export const hardwareSortSchema = z.literal(Object.values(HARDWARE_SORT));

/** The hardware table's default sort (§3: column updated, ascending) lives with the stored preferences. */
export { DEFAULT_HARDWARE_SORT } from '../entities/preferences.ts';

export { HARDWARE_FILTER, hardwareFilterName } from './hardware-filter.ts';
export type { HardwareFilter, HardwareFilterName } from './hardware-filter.ts';
export const hardwareFilterSchema = z.literal(Object.values(HARDWARE_FILTER));
/** Decision: the hardware list opens unfiltered. */
export const DEFAULT_HARDWARE_FILTER: HardwareFilter = HARDWARE_FILTER.all;

/** Add-on ("things") list filters. */
export const thingsFilterSchema = z.enum(['fault', 'warning', 'all', 'soilMoisture', 'waterMeter']);
export type ThingsFilter = z.infer<typeof thingsFilterSchema>;
/** Decision: the things list opens unfiltered. */
export const DEFAULT_THINGS_FILTER: ThingsFilter = 'all';

/** What programs are sorted by. */
export const programSortSchema = z.enum(['number', 'activity']);
export type ProgramSort = z.infer<typeof programSortSchema>;
/** Decision: programs are listed by number until the user picks activity. */
export const DEFAULT_PROGRAM_SORT: ProgramSort = 'number';
