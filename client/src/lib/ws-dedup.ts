/**
 * The realtime socket's dedup window: a push may arrive twice (a redelivery after a gateway
 * restart), so the most recent push ids are remembered and repeats dropped.
 */

/** How many recent push ids are remembered by default. */
export const DEFAULT_REMEMBERED_IDS = 500;

/** A set of the `limit` most recently added strings. */
export class RecentIds {
  private readonly ids = new Set<string>();
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Adds the id; false when it was already there. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.limit) this.ids.delete(this.ids.values().next().value as string);
    return true;
  }

  get size(): number {
    return this.ids.size;
  }
}
