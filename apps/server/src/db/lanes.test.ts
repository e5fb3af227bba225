import { describe, expect, it } from 'vitest';
import { EmbeddedScheduler, PeopleFirst } from './lanes.ts';

/** A statement that takes its turn and notes when it ran. */
function statement(order: string[], name: string) {
  return async () => {
    order.push(name);
    await new Promise((resolve) => setImmediate(resolve));
    return name;
  };
}

describe('EmbeddedScheduler', () => {
  it('runs one statement at a time', async () => {
    const scheduler = new EmbeddedScheduler(new PeopleFirst());
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
    };
    await Promise.all([
      ...Array.from({ length: 5 }, () => scheduler.run('interactive', work)),
      ...Array.from({ length: 5 }, () => scheduler.run('background', work)),
    ]);
    expect(most).toBe(1);
  });

  it('serves waiting interactive statements before waiting background ones', async () => {
    const scheduler = new EmbeddedScheduler(new PeopleFirst());
    const order: string[] = [];
    const all = [
      scheduler.run('background', statement(order, 'b1')),
      scheduler.run('background', statement(order, 'b2')),
      scheduler.run('background', statement(order, 'b3')),
    ];
    // b1 has not started yet: it waits for its turn of the event loop. People come meanwhile.
    all.push(scheduler.run('interactive', statement(order, 'i1')));
    all.push(scheduler.run('interactive', statement(order, 'i2')));
    await Promise.all(all);
    expect(order).toEqual(['i1', 'i2', 'b1', 'b2', 'b3']);
  });

  it('lets an interactive statement that arrives while background ones run go next', async () => {
    const scheduler = new EmbeddedScheduler(new PeopleFirst());
    const order: string[] = [];
    const background = [1, 2, 3, 4].map((n) =>
      scheduler.run('background', async () => {
        order.push(`b${n}`);
        // While the first one runs, a person asks.
        if (n === 1) void scheduler.run('interactive', statement(order, 'i'));
        await new Promise((resolve) => setImmediate(resolve));
      }),
    );
    await Promise.all(background);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['b1', 'i', 'b2', 'b3', 'b4']);
  });

  it('holds background statements while a request is in flight, and goes on when it ends', async () => {
    const people = new PeopleFirst(60_000);
    const scheduler = new EmbeddedScheduler(people);
    const order: string[] = [];
    const ended = people.arrived();
    const background = scheduler.run('background', statement(order, 'b'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    expect(scheduler.waiting.background).toBe(1);
    // The request's own statements are not held.
    await scheduler.run('interactive', statement(order, 'i'));
    expect(order).toEqual(['i']);
    ended();
    await background;
    expect(order).toEqual(['i', 'b']);
  });

  it('runs a background statement after maxDeferMs even while requests keep coming', async () => {
    const people = new PeopleFirst(30);
    const scheduler = new EmbeddedScheduler(people);
    people.arrived(); // never ends: a stream of requests
    const started = performance.now();
    await scheduler.run('background', async () => {});
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('goes on after a statement fails', async () => {
    const scheduler = new EmbeddedScheduler(new PeopleFirst());
    await expect(
      scheduler.run('background', () => Promise.reject(new Error('no such table'))),
    ).rejects.toThrow('no such table');
    await expect(scheduler.run('interactive', async () => 'next')).resolves.toBe('next');
    await expect(scheduler.run('background', async () => 'after')).resolves.toBe('after');
  });
});

describe('PeopleFirst.yieldToPeople', () => {
  it('gives background slices one turn of the event loop each', async () => {
    const people = new PeopleFirst();
    const order: string[] = [];
    const slices = ['a', 'b', 'c'].map(async (name) => {
      await people.yieldToPeople();
      order.push(name);
      // What a slice leaves for the next turn of the event loop runs before the slice after next:
      // slices that all ran in one turn would leave it until after the last.
      setImmediate(() => order.push(`turn after ${name}`));
    });
    await Promise.all(slices);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order.indexOf('turn after a')).toBeLessThan(order.indexOf('c'));
  });

  it('waits while a request is in flight', async () => {
    const people = new PeopleFirst(60_000);
    const ended = people.arrived();
    let resumed = false;
    const slice = people.yieldToPeople().then(() => (resumed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resumed).toBe(false);
    ended();
    ended(); // a second end changes nothing
    await slice;
    expect(resumed).toBe(true);
    expect(people.busy).toBe(false);
  });
});

describe('PeopleFirst quiet after a request', () => {
  it('lets background work go on only once no request has ended for quietMs', async () => {
    const people = new PeopleFirst(60_000, 40);
    // Timed from before the request ends: its quiet runs from then, and a busy machine may pause
    // this test between the end and the next line.
    const started = performance.now();
    people.arrived()();
    expect(people.busy).toBe(true);
    await people.yieldToPeople();
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    expect(people.busy).toBe(false);
  });

  it('waits out the quiet again when the next request comes before it is over', async () => {
    const people = new PeopleFirst(60_000, 40);
    people.arrived()();
    let resumed = false;
    const slice = people.yieldToPeople().then(() => (resumed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ended = people.arrived();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(resumed).toBe(false);
    ended();
    const quietFrom = performance.now();
    await slice;
    expect(performance.now() - quietFrom).toBeGreaterThanOrEqual(35);
  });
});
