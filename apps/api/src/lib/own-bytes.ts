/**
 * The bytes in memory of their own. A small Buffer is often a slice of a larger block (Node's
 * 8 KB pool, a database reply): kept in a cache, it would keep the whole block alive, unseen by
 * the cache's byte count.
 */
export function ownBytes(bytes: Uint8Array): Buffer {
  if (Buffer.isBuffer(bytes) && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  own.set(bytes);
  return own;
}
