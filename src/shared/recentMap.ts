/**
 * A Map that keeps only its most recently used entries (an LRU cache), for the build, the server and the browser.
 * Written here rather than taken from a package: a Map already iterates in insertion order, so this is a dozen lines.
 */
export class RecentMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key); // re-inserted: now the most recent
    this.entries.set(key, value);
    return value;
  }

  /** Whether the key is held (without counting as a use). */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Sets the value as the most recently used, dropping the least recently used entry past the limit. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
