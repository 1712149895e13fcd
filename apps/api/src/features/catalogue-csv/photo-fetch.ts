import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Config } from '../../config.js';
import { nonPublicKind } from '../../lib/public-address.js';

/** A host's addresses, every one of them (the system's resolver; tests give their own). */
export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;
export const systemLookup: LookupAll = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** Redirects a photo URL may take; each hop is checked as the first URL is. */
export const MAX_PHOTO_REDIRECTS = 3;

/** Where and how the import fetches photos: IMPORT_PHOTO_HOSTS, the upload's limit, a time. */
export interface PhotoFetchOptions {
  /**
   * The listed hosts: names (`cdn.example.com`), subdomains (`*.example.com`) and IP addresses.
   * Empty: photo fetching is off. A name must resolve to public addresses only; a private
   * address is reached only when it is listed itself.
   */
  hosts: readonly string[];
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  lookup: LookupAll;
}

/** The import's photo fetching as the configuration sets it: at most an upload's bytes. */
export const photoFetchOptions = (
  config: Pick<Config, 'IMPORT_PHOTO_HOSTS' | 'IMPORT_PHOTO_TIMEOUT_MS' | 'MAX_PHOTO_BYTES'>,
  lookup: LookupAll = systemLookup,
): PhotoFetchOptions => ({
  hosts: config.IMPORT_PHOTO_HOSTS.map(listedHost),
  maxBytes: config.MAX_PHOTO_BYTES,
  timeoutMs: config.IMPORT_PHOTO_TIMEOUT_MS,
  lookup,
});

/** A photo URL the import does not fetch, or whose fetch failed: its message is the row's error. */
export class PhotoRefused extends Error {}

/** A host as URLs spell it (lowercase; an IPv6 address without its brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** A listed entry as a host (`*.` kept), whatever way the operator wrote it. */
export function listedHost(entry: string): string {
  const wildcard = entry.startsWith('*.');
  const name = wildcard ? entry.slice(2) : entry;
  const host = isIP(name) === 6 ? name : hostOf(new URL(`http://${name}`));
  return wildcard ? `*.${host}` : host;
}

const isListed = (host: string, hosts: readonly string[]) =>
  hosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : entry === host.replace(/\.$/, ''),
  );

/** Checks what can be checked of a URL without the network: http(s), its host listed. */
export function checkPhotoUrl(text: string, hosts: readonly string[]): URL {
  if (hosts.length === 0) {
    throw new PhotoRefused(
      'Photo URLs are not enabled: the shop fetches photos only from the hosts in IMPORT_PHOTO_HOSTS',
    );
  }
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new PhotoRefused(`${text} is not an http(s) URL`);
  }
  if (url.username || url.password) throw new PhotoRefused('A photo URL must not hold a password');
  if (!isListed(hostOf(url), hosts)) {
    throw new PhotoRefused(`${hostOf(url)} is not one of the hosts photos are fetched from`);
  }
  return url;
}

/**
 * The address to connect to for the URL's host: every address it resolves to is checked (one
 * private address among public ones is enough to refuse), unless that address is listed.
 */
async function checkedAddress(url: URL, options: PhotoFetchOptions) {
  const host = hostOf(url);
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : await options.lookup(host).catch(() => {
        throw new PhotoRefused(`${host} was not found`);
      });
  if (addresses.length === 0) throw new PhotoRefused(`${host} was not found`);
  for (const { address } of addresses) {
    const kind = nonPublicKind(address);
    if (kind && !options.hosts.includes(address.toLowerCase())) {
      throw new PhotoRefused(`${host} is a ${kind} address (${address}), which is never fetched`);
    }
  }
  return addresses[0] as { address: string; family: number };
}

/** A lookup that answers the address already checked, so the connection goes nowhere else. */
const pinnedLookup =
  ({ address, family }: { address: string; family: number }): LookupFunction =>
  (_host, opts, done) => {
    if (opts.all) done(null, [{ address, family }]);
    else done(null, address, family);
  };

/** One GET of the URL, connected to the checked address; the answer's headers. */
function get(url: URL, to: { address: string; family: number }, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    client
      .get(url, { lookup: pinnedLookup(to), signal, agent: false, headers: { accept: 'image/*' } })
      .on('response', resolve)
      .on('error', reject);
  });
}

/** The answer's body, refused as soon as it is longer than `maxBytes`. */
async function bodyOf(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new PhotoRefused(`The photo is larger than ${maxBytes} bytes`);
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response) {
    length += (chunk as Buffer).length;
    if (length > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The hops of a fetch: each URL checked, connected to its checked address, redirects followed. */
async function fetchChecked(first: URL, options: PhotoFetchOptions, signal: AbortSignal) {
  let url = first;
  for (let redirects = 0; ; redirects += 1) {
    const response = await get(url, await checkedAddress(url, options), signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (redirects === MAX_PHOTO_REDIRECTS) {
        throw new PhotoRefused(`The photo URL redirects more than ${MAX_PHOTO_REDIRECTS} times`);
      }
      url = checkPhotoUrl(new URL(location, url).href, options.hosts);
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw new PhotoRefused(`The photo URL answered HTTP ${status}`);
    }
    const type = String(response.headers['content-type'] ?? '');
    if (!type.toLowerCase().startsWith('image/')) {
      response.destroy();
      throw new PhotoRefused(`The photo URL answered ${type || 'no content type'}, not an image`);
    }
    return bodyOf(response, options.maxBytes);
  }
}

/**
 * The photo's bytes at the URL, fetched within the limits: the URL and every redirect's checked
 * (http(s), a listed host, public addresses unless listed), at most MAX_PHOTO_REDIRECTS
 * redirects, an image type, at most `maxBytes`, all within `timeoutMs`. Any failure is a
 * PhotoRefused saying why.
 */
export async function fetchPhoto(text: string, options: PhotoFetchOptions): Promise<Buffer> {
  const url = checkPhotoUrl(text, options.hosts);
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return await fetchChecked(url, options, signal);
  } catch (err) {
    if (err instanceof PhotoRefused) throw err;
    if (signal.aborted) {
      throw new PhotoRefused(`The photo took longer than ${options.timeoutMs} ms to fetch`);
    }
    throw new PhotoRefused(`The photo could not be fetched (${(err as Error).message})`);
  }
}
