/**
 * People first: the database has two lanes. A person's requests (sign-in, a page and the calls it
 * makes) and the field's live work use the interactive lane, `handle.db`; bulk work done in the
 * background (the demo farm's history, report and export files, agronomy and water-take
 * recomputation) uses the background lane, `handle.background`, so it never holds a person up.
 *
 * - PostgreSQL runs statements side by side: the background lane is a pool of its own
 *   (DATABASE_BACKGROUND_POOL_SIZE), so an export never takes a connection a person's request
 *   needs, and holds at most that many.
 * - Embedded PGlite is one connection whose statements run on this process's thread: while one
 *   runs, nothing else does, not even the HTTP server. Its statements go through one scheduler
 *   that runs one statement (or transaction) at a time, as PGlite itself does, but serves the
 *   interactive lane first, and starts a background statement only while no person's request is
 *   in flight nor ended in the last QUIET_AFTER_REQUEST_MS — or once it has waited `maxDeferMs`,
 *   so a steady stream of requests cannot stop background work for good. A background statement starts on a later turn of the event loop,
 *   so a request that arrived meanwhile is counted before it. Background work keeps its
 *   statements small (tens of milliseconds): a person who arrives while one runs waits for that
 *   one only.
 *
 * CPU work done in the background without the database (making the demo history, laying out a
 * pdf) calls `people.yieldToPeople()` between its slices, which waits the same way on both engines.
 */
import type { PGlite } from '@electric-sql/pglite';

/** How long background work waits at most for people's requests to end before it takes a turn. */
const BACKGROUND_MAX_DEFER_MS = 1_000;

/**
 * After a person's last request ends, background work waits this much longer: a page's requests
 * come in waves (the page, its scripts, then its calls) with the browser's own work between
 * them, and a background slice that starts in such a gap holds up the next wave.
 */
const QUIET_AFTER_REQUEST_MS = 150;

export type Lane = 'interactive' | 'background';

type Turn = { resolve: () => void; since: number; maxWaitMs: number };

/**
 * People's requests in flight in this process (the HTTP app counts them), and the turns that
 * background work takes between them: one slice per turn of the event loop, so the slices of
 * several background jobs (six sites' histories, say) never run back to back while a request
 * waits for its next step.
 */
export class PeopleFirst {
  #inFlight = 0;
  #lastEnded = Number.NEGATIVE_INFINITY;
  #whenIdle: Array<() => void> = [];
  /** Background slices waiting for their turn, oldest first. */
  readonly #turns: Turn[] = [];
  #turning = false;
  readonly maxDeferMs: number;
  readonly quietMs: number;

  constructor(maxDeferMs = BACKGROUND_MAX_DEFER_MS, quietMs = QUIET_AFTER_REQUEST_MS) {
    this.maxDeferMs = maxDeferMs;
    this.quietMs = quietMs;
  }

  /** A person's request has arrived; call the answer once it has ended (more calls do nothing). */
  arrived(): () => void {
    this.#inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#inFlight--;
      this.#lastEnded = performance.now();
      if (this.#inFlight === 0) {
        const waiters = this.#whenIdle;
        this.#whenIdle = [];
        for (const wake of waiters) wake();
      }
    };
  }

  /** A request is in flight, or one ended less than `quietMs` ago. */
  get busy(): boolean {
    return this.#quietIn() > 0;
  }

  /** How long until background work may go on: never while a request is in flight. */
  #quietIn(): number {
    if (this.#inFlight > 0) return Number.POSITIVE_INFINITY;
    return Math.max(0, this.#lastEnded + this.quietMs - performance.now());
  }

  /**
   * Resolves when it is a background slice's turn: on a later turn of the event loop, with no
   * person's request in flight nor ended in the last `quietMs` (or once `maxWaitMs` has passed,
   * `maxDeferMs` when not given), after the slices that asked before it.
   */
  yieldToPeople(maxWaitMs = this.maxDeferMs): Promise<void> {
    return new Promise((resolve) => {
      this.#turns.push({ resolve, since: performance.now(), maxWaitMs });
      this.#nextTurn();
    });
  }

  #nextTurn(): void {
    if (this.#turning || this.#turns.length === 0) return;
    this.#turning = true;
    // setImmediate, not a microtask: a request whose bytes are waiting is counted first. One
    // queued from inside an immediate runs on the next turn, after the poll for I/O.
    setImmediate(() => {
      const head = this.#turns[0] as Turn;
      const left = head.maxWaitMs - (performance.now() - head.since);
      const quiet = this.#quietIn();
      if (quiet > 0 && left > 0) {
        let woken = false;
        const wake = () => {
          if (woken) return;
          woken = true;
          clearTimeout(timer);
          this.#turning = false;
          this.#nextTurn();
        };
        // Woken when the last request ends (to wait out the quiet), or when the wait is over.
        const timer = setTimeout(wake, Math.min(left, quiet));
        if (this.#inFlight > 0) this.#whenIdle.push(wake);
        return;
      }
      this.#turns.shift();
      this.#turning = false;
      head.resolve();
      this.#nextTurn();
    });
  }
}

type Waiter = { grant: () => void; since: number };

/**
 * The embedded database's statements, one at a time, interactive first (the module comment).
 * `run` wraps one statement or one whole transaction.
 */
export class EmbeddedScheduler {
  readonly #people: PeopleFirst;
  #held = false;
  readonly #interactive: Waiter[] = [];
  readonly #background: Waiter[] = [];
  /** A background statement is waiting for its turn (PeopleFirst.yieldToPeople). */
  #granting = false;

  constructor(people: PeopleFirst) {
    this.#people = people;
  }

  async run<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
    if (lane === 'interactive' && !this.#held && this.#interactive.length === 0) {
      this.#held = true;
    } else {
      await new Promise<void>((grant) => {
        (lane === 'interactive' ? this.#interactive : this.#background).push({
          grant,
          since: performance.now(),
        });
        this.#next();
      });
    }
    try {
      return await work();
    } finally {
      this.#held = false;
      this.#next();
    }
  }

  /** Statements waiting, per lane (tests and the log). */
  get waiting(): { interactive: number; background: number } {
    return { interactive: this.#interactive.length, background: this.#background.length };
  }

  #next(): void {
    if (this.#held) return;
    const person = this.#interactive.shift();
    if (person) {
      this.#held = true;
      person.grant();
      return;
    }
    const oldest = this.#background[0];
    if (!oldest || this.#granting) return;
    this.#granting = true;
    const left = this.#people.maxDeferMs - (performance.now() - oldest.since);
    void this.#people.yieldToPeople(left).then(() => {
      this.#granting = false;
      // An interactive statement that came meanwhile goes first; its end asks again.
      if (this.#held || this.#interactive.length > 0) return this.#next();
      const waiter = this.#background.shift();
      if (!waiter) return;
      this.#held = true;
      waiter.grant();
    });
  }
}

/**
 * PGlite as one lane sees it: the calls drizzle, pg-boss and the history store make (`query`,
 * `exec`, `transaction`), each taken through the scheduler; a transaction holds its turn to the
 * end. LISTEN stays on PGlite itself (db/table-versions.ts).
 */
export class PgliteLane {
  readonly pglite: PGlite;
  readonly lane: Lane;
  readonly #scheduler: EmbeddedScheduler;

  constructor(pglite: PGlite, scheduler: EmbeddedScheduler, lane: Lane) {
    this.pglite = pglite;
    this.#scheduler = scheduler;
    this.lane = lane;
  }

  query: PGlite['query'] = (...args) =>
    this.#scheduler.run(this.lane, () => this.pglite.query(...args));

  exec: PGlite['exec'] = (...args) =>
    this.#scheduler.run(this.lane, () => this.pglite.exec(...args));

  transaction: PGlite['transaction'] = (...args) =>
    this.#scheduler.run(this.lane, () => this.pglite.transaction(...args));
}
