import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { ownBytes } from '../../lib/own-bytes.js';

/** A document made once (per catalogue revision, or while what it shows is unchanged), sent as is. */
export interface MadeAnswer {
  status: number;
  body: Buffer;
  etag: string;
  /** Made in place of the real answer, which failed: not to be kept. */
  transient?: boolean;
  /** Its gzipped bytes, made once (on zlib's thread pool) when first asked for. */
  gzipped?: Promise<Buffer>;
  /** The same bytes once made, for sending without waiting. */
  gzippedBytes?: Buffer;
}

export const madeAnswer = (status: number, text: string): MadeAnswer => {
  const body = Buffer.from(text);
  return { status, body, etag: `W/"${hash('sha1', body, 'base64url')}"` };
};

const gzipAsync = promisify(gzip);

/** The answer gzipped, made once and kept with it. */
export function gzippedBody(answer: MadeAnswer): Promise<Buffer> {
  answer.gzipped ??= gzipAsync(answer.body).then((zipped) => {
    answer.gzippedBytes = ownBytes(zipped);
    return answer.gzippedBytes;
  });
  return answer.gzipped;
}

/**
 * Answers made from one catalogue revision (the sitemaps: they show every product), by key,
 * bounded by their bytes (the least recently sent go first); the first answer of a newer
 * revision drops every older one.
 */
export class RevisionCache {
  private revision: number | undefined;
  private readonly answers: LRUCache<string, MadeAnswer>;

  constructor(maxBytes: number) {
    this.answers = new LRUCache({
      maxSize: maxBytes,
      // Its gzipped copy is counted ahead: a third of the bytes is generous for HTML and XML.
      sizeCalculation: (answer, key) => Math.ceil(answer.body.length * 1.34) + key.length + 256,
    });
  }

  /** The first answer of a newer revision drops every older one. */
  private useRevision(revision: number) {
    if (revision === this.revision) return;
    this.answers.clear();
    this.revision = revision;
  }

  /** The answer under `key` made from this revision, made now when there is none. */
  answer(revision: number, key: string, make: () => MadeAnswer): MadeAnswer {
    this.useRevision(revision);
    let answer = this.answers.get(key);
    if (!answer) {
      answer = make();
      this.answers.set(key, answer);
    }
    return answer;
  }
}
