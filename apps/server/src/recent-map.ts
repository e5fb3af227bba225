/**
 * A bounded memo: the least recently used entries go once there are more than `max`. For what
 * the server keeps between calls (written bodies, verified tokens, live sessions), so a busy
 * process never grows without limit.
 */
export class RecentMap<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) this.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  entries(): IterableIterator<[K, V]> {
    return this.#entries.entries();
  }
}
