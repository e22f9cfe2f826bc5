/**
 * A Map that keeps only its most recently used entries. Pages render in sidebar order, so a branch's pages come
 * together (its subcategories' pages in between): a few recent branches serve every page, and a build keeps no
 * per-branch data for the whole site (50,000 synthetic notes: 4,167 branches). Written here rather than taken from
 * a package: a Map already iterates in insertion order, so this is a dozen lines.
 */
export class RecentMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key); // re-inserted: now the most recent
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
  }

  get size(): number {
    return this.entries.size;
  }
}
