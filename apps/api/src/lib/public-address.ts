import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Whether an IP address is one the public internet reaches, for the shop's requests to URLs a
 * person typed (a catalogue import's photos): a server must not be steered at itself, its
 * network or a cloud's metadata service (169.254.169.254) by a URL.
 */

/** Ranges no public server is in (IANA's special-purpose registries), with what each is. */
const V4_RANGES: readonly [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (carrier NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const V6_RANGES: readonly [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

const rangesOf = (family: 'ipv4' | 'ipv6', ranges: readonly [string, number, string][]) =>
  ranges.map(([network, prefix, kind]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, kind };
  });
const V4 = rangesOf('ipv4', V4_RANGES);
const V6 = rangesOf('ipv6', V6_RANGES);

/** The 16 bytes of an IPv6 address (any of its spellings, a zone after % left out). */
function ipv6Bytes(address: string): number[] {
  const [text = ''] = address.split('%');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  const hexPart = dotted ? text.slice(0, -dotted.length).replace(/:$/, ':0:0') : text;
  const [head = '', tail] = hexPart.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const middle = Array(8 - left.length - right.length).fill('0');
  const words = [...left, ...middle, ...right].map((g) => Number.parseInt(g, 16));
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (dotted) bytes.splice(12, 4, ...dotted.split('.').map(Number));
  return bytes;
}

const startsWithBytes = (bytes: number[], prefix: number[]) =>
  prefix.every((byte, i) => bytes[i] === byte);

/**
 * The IPv4 address an IPv6 address carries, when it is one of the forms that reach it: mapped
 * (::ffff:a.b.c.d, what a dual-stack socket connects to), compatible (::a.b.c.d), NAT64
 * (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
function carriedIpv4(bytes: number[]): string | null {
  const zeros = (n: number) => Array<number>(n).fill(0);
  const at = (start: number) => bytes.slice(start, start + 4).join('.');
  if (startsWithBytes(bytes, [...zeros(10), 0xff, 0xff])) return at(12);
  if (startsWithBytes(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return at(12);
  if (startsWithBytes(bytes, [0x20, 0x02])) return at(2);
  // ::a.b.c.d, but not :: and ::1 themselves (the IPv6 ranges name those).
  if (startsWithBytes(bytes, zeros(12)) && bytes.slice(12).some((b, i) => b > (i === 3 ? 1 : 0))) {
    return at(12);
  }
  return null;
}

/**
 * Why the address is not a public one (`loopback`, `private`, `link-local`, …), or null when it
 * is. An IPv6 address that carries an IPv4 one is judged by the IPv4 one too; anything that is
 * not an IP address is refused.
 */
export function nonPublicKind(address: string): string | null {
  if (isIPv4(address)) return V4.find(({ list }) => list.check(address, 'ipv4'))?.kind ?? null;
  if (!isIPv6(address)) return 'not an IP address';
  const bytes = ipv6Bytes(address);
  const carried = carriedIpv4(bytes);
  if (carried) {
    const kind = nonPublicKind(carried);
    if (kind) return kind;
  }
  const canonical = bytes
    .reduce<string[]>((words, byte, i) => {
      if (i % 2 === 0) words.push(((byte << 8) | (bytes[i + 1] ?? 0)).toString(16));
      return words;
    }, [])
    .join(':');
  return V6.find(({ list }) => list.check(canonical, 'ipv6'))?.kind ?? null;
}
