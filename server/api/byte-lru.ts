// A least-recently-used map bounded by the bytes of its values, not their number: one listing
// answer may be 2 KB or 200 KB, and the bound is what it costs in memory.

export interface Sized {
  /** What the value holds in memory, roughly (its body's bytes). */
  bytes: number;
}

export class ByteLru<V extends Sized> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  /** Values above maxBytes / maxShare are not kept: one huge answer must not empty the cache. */
  constructor(
    readonly maxBytes: number,
    private readonly maxShare = 8,
  ) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: moving the key to the end makes the first key the least used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    if (value.bytes + key.length > this.maxBytes / this.maxShare) return;
    this.entries.set(key, value);
    this.total += value.bytes + key.length;
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= old.bytes + oldest.length;
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.total -= value.bytes + key.length;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
