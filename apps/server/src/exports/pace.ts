/**
 * Background CPU work done in slices: a report laid out on the server's own thread yields
 * between slices to the people's requests of the process (db/lanes.ts PeopleFirst), so a season's
 * pdf never holds a sign-in up for longer than a slice.
 */
import type { PeopleFirst } from '../db/lanes.ts';

/** Resolves when the background work may go on (PeopleFirst.yieldToPeople). */
export type Pace = () => Promise<void>;

/** Work that need not yield (a bench, a test, a process of its own). */
export const noPace: Pace = () => Promise.resolve();

/** The pace of background work in a process whose people it yields to, if it has any. */
export function paceOf(people: PeopleFirst | undefined): Pace {
  return people ? () => people.yieldToPeople() : noPace;
}

/** Long enough that yielding costs little, short enough that a person does not notice. */
const SLICE_MS = 15;

/**
 * Called often from a long loop: yields through `pace` once the current slice has run SLICE_MS,
 * otherwise answers at once.
 */
export function slicer(pace: Pace): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await pace();
    sliceStart = performance.now();
  };
}
