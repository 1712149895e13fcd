/**
 * The products of one indexed word, by their number in the index, each with where the word is
 * found best in it (its field's weight). Kept as a map, which a product's change edits in
 * place, and walked as two packed arrays made on the first walk after a change: a query walks
 * every product of each word it matches, and arrays walk several times faster than a map.
 */
export class Postings {
  private readonly weights = new Map<number, number>();
  private packed: { numbers: Uint32Array; weights: Uint8Array } | null = null;

  get size() {
    return this.weights.size;
  }

  set(number: number, weight: number) {
    this.weights.set(number, weight);
    this.packed = null;
  }

  delete(number: number) {
    this.weights.delete(number);
    this.packed = null;
  }

  /** The products' numbers and, at the same index, the word's weight in each. */
  walkable(): { numbers: Uint32Array; weights: Uint8Array } {
    if (!this.packed) {
      const numbers = new Uint32Array(this.weights.size);
      const weights = new Uint8Array(this.weights.size);
      let at = 0;
      for (const [number, weight] of this.weights) {
        numbers[at] = number;
        weights[at] = weight;
        at += 1;
      }
      this.packed = { numbers, weights };
    }
    return this.packed;
  }
}
