/**
 * What an isolate keeps between requests (remembered sessions, kept plans): a map that forgets its oldest entries
 * once their total weight passes `maxWeight`, so memory stays bounded however many keys pass through. Each entry
 * weighs 1 unless `weigh` says otherwise (a kept plan weighs its task count).
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  private weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: string) {
    return this.entries.get(key);
  }

  /** Stores `value` as the newest entry, then drops the oldest ones (never this one) while over the bound. */
  set(key: string, value: V) {
    this.delete(key);
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    for (const oldest of this.entries.keys()) {
      if (this.weight <= this.maxWeight || oldest === key) break;
      this.delete(oldest);
    }
  }

  delete(key: string) {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.weight -= this.weigh(value);
  }
}
