/**
 * The first `cap` entries of a job's list (its errors, its changes) in row order, and how many
 * were added in all: a large import keeps what its job shows, never one entry a row. Entries of
 * one row stay in the order they were added.
 */
export class RowList<T extends { row: number }> {
  private readonly kept: T[] = [];
  private added = 0;
  /** Moves on whenever the entries kept change, so that an unchanged list is not written again. */
  private version = 0;

  constructor(private readonly cap: number) {}

  push(...entries: readonly T[]) {
    for (const entry of entries) {
      this.added += 1;
      const last = this.kept.at(-1);
      if (this.kept.length === this.cap && last && last.row <= entry.row) continue;
      // After every entry of its row or before: the first entry of a later row.
      const at = this.kept.findLastIndex((kept) => kept.row <= entry.row) + 1;
      this.kept.splice(at, 0, entry);
      if (this.kept.length > this.cap) this.kept.pop();
      this.version += 1;
    }
  }

  get count() {
    return this.added;
  }

  get entries(): readonly T[] {
    return this.kept;
  }

  get changedAt() {
    return this.version;
  }
}
