/**
 * Which keys were asked before, lately: a cache's doorkeeper, so that what is asked once is not
 * kept. Each key leaves its 32-bit hash (FNV-1a) in one of `slots` slots, chosen by that hash; a
 * later key landing in the same slot takes it. Nothing is allocated per key, so a flood of keys
 * asked once leaves no garbage behind. Two keys of one hash count as one: at worst something is
 * kept at its first ask, as it was before a doorkeeper.
 */
export class AskedAgain {
  private readonly hashes: Uint32Array;
  private readonly mask: number;

  /** `slots` is rounded up to a power of two. */
  constructor(slots: number) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(2, slots)));
    this.hashes = new Uint32Array(size);
    this.mask = size - 1;
  }

  /** Notes that `key` is asked; answers whether it was asked before (and not pushed out since). */
  ask(key: string): boolean {
    // 0 marks an empty slot: a key hashing to 0 is noted as 1.
    const hash = fnv1a(key) || 1;
    const slot = hash & this.mask;
    const before = this.hashes[slot] === hash;
    this.hashes[slot] = hash;
    return before;
  }
}

/** FNV-1a over the key's UTF-16 code units, 32 bits. */
function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
