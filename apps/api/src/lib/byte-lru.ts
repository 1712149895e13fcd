/**
 * A cache of buffers bounded by their total size: the least recently read entries go first.
 * For values that never change under their key (content-addressed photo files).
 */
/** What an entry costs besides its bytes (key, headers), so that empty entries are bounded too. */
const ENTRY_OVERHEAD = 512;
const cost = (value: { data: Buffer }) => value.data.length + ENTRY_OVERHEAD;

export class ByteLru<V extends { data: Buffer }> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value) {
      // A Map iterates in insertion order: moving the entry to the end marks it recently read.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V) {
    // One entry may take at most an eighth of the budget, so a few large ones cannot flush it.
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= cost(previous);
    }
    if (cost(value) > this.maxBytes / 8) return;
    this.entries.set(key, value);
    this.bytes += cost(value);
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= cost(old);
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
