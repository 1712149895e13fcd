import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { AskedAgain } from '../../lib/asked-again.js';
import { ownBytes } from '../../lib/own-bytes.js';

export type Headers = Record<string, string | number | string[]>;

interface Encoded {
  body: Buffer;
  headers: Headers;
}

/** An answer as it went out through the whole app (helmet's headers included), to be sent again. */
export interface CachedAnswer {
  /** The catalogue it was made from: it is sent again only while that catalogue is current. */
  revision: number;
  etag: string;
  /** The headers the route itself sets with it (its type, ETag, its own). */
  own: Headers;
  /** Absent for a photo of which only a 304 went out. */
  body?: Buffer;
  /** JSON is gzipped for a client that takes it; photos are compressed already. */
  compressible: boolean;
  /** The headers of each way it is sent, built once. */
  plain: Headers;
  notModified: Headers;
  /** Added once made, off the request's path. */
  gzip?: Encoded;
}

/** A JSON answer, or a photo's with its bytes. */
export type AnswerWithBody = CachedAnswer & { body: Buffer };
export const hasBody = (answer: CachedAnswer | undefined): answer is AnswerWithBody =>
  answer?.body !== undefined;

/** What an answer costs besides its bytes (its objects), so that small answers are bounded too. */
const ANSWER_OVERHEAD = 512;

const headerBytes = (headers: Headers) => {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) bytes += name.length + String(value).length;
  return bytes;
};

/** Everything an answer holds: its key, its headers and both its bodies. */
export const answerCost = (answer: CachedAnswer, key: string) =>
  ANSWER_OVERHEAD +
  Buffer.byteLength(key) +
  answer.etag.length +
  headerBytes(answer.own) +
  headerBytes(answer.plain) +
  headerBytes(answer.notModified) +
  (answer.body?.length ?? 0) +
  (answer.gzip ? answer.gzip.body.length + headerBytes(answer.gzip.headers) : 0);

const gzipAsync = promisify(gzip);

/** The keys of answers asked lately that the doorkeeper tells apart (see keepIfAskedAgain). */
const ASKED_SLOTS = 65_536;

/**
 * Answers made from the catalogue, by key, bounded by what they cost in all: the least recently
 * sent go first. An answer over an eighth of the bound is not kept, so a few large photos
 * cannot flush everything else.
 */
export class AnswerCache {
  private readonly answers: LRUCache<string, CachedAnswer>;
  private keptRevision: number | undefined;
  /** Compressions under way, so that every request asking meanwhile waits for the same one. */
  private readonly compressing = new WeakMap<CachedAnswer, Promise<Encoded>>();
  private readonly asked = new AskedAgain(ASKED_SLOTS);

  constructor(
    maxBytes: number,
    /** The revision of the catalogue answers are made from now. */
    private readonly currentRevision: () => number | undefined,
  ) {
    this.answers = new LRUCache({
      maxSize: maxBytes,
      maxEntrySize: maxBytes / 8,
      sizeCalculation: answerCost,
    });
  }

  /** The answer kept under `key` for the current catalogue, if any. */
  find(key: string): CachedAnswer | undefined {
    const answer = this.answers.get(key);
    return answer && answer.revision === this.currentRevision() ? answer : undefined;
  }

  /** Keeps an answer made from the current catalogue; one made from an older one is dropped. */
  keep(key: string, answer: CachedAnswer) {
    const revision = this.currentRevision();
    if (answer.revision !== revision) return;
    // Answers of an older catalogue are never sent again: they make room at once.
    if (revision !== this.keptRevision) {
      this.answers.clear();
      this.keptRevision = revision;
    }
    this.answers.set(key, answer);
  }

  /**
   * Keeps an answer (see keep) from the second time its key is asked lately; answers whether it
   * did. One asked once (a shopper's own search words, mostly) is sent and forgotten: it pushes
   * out no answer asked again and again, and its objects never reach the old heap, where only a
   * full collection would free them.
   */
  keepIfAskedAgain(key: string, answer: CachedAnswer): boolean {
    if (!this.asked.ask(key)) return false;
    this.keep(key, answer);
    return true;
  }

  /** The answer gzipped: made once, on zlib's thread pool, then kept with the answer. */
  gzipped(key: string, answer: AnswerWithBody): Promise<Encoded> {
    if (answer.gzip) return Promise.resolve(answer.gzip);
    let pending = this.compressing.get(answer);
    if (!pending) {
      pending = gzipAsync(answer.body)
        .then((zipped) => {
          const body = ownBytes(zipped);
          const headers = {
            ...answer.plain,
            'content-encoding': 'gzip',
            'content-length': body.length,
          };
          // Set again at its new cost, unless it was dropped meanwhile.
          if (this.answers.peek(key) === answer) {
            this.answers.set(key, { ...answer, gzip: { body, headers } });
          }
          return { body, headers };
        })
        .finally(() => this.compressing.delete(answer));
      this.compressing.set(answer, pending);
    }
    return pending;
  }

  /** What it holds now. */
  get size() {
    return { entries: this.answers.size, bytes: this.answers.calculatedSize };
  }
}

/** A 304 carries no body, so none of the headers that describe one (as Express sends it). */
export function notModifiedHeaders(headers: Headers): Headers {
  const {
    'content-type': _type,
    'content-length': _length,
    'transfer-encoding': _encoding,
    ...rest
  } = headers;
  return rest;
}
