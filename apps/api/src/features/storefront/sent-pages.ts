import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { MadeAnswer } from './revision-cache.js';

/**
 * What the remembered requests may take: their keys and headers (about 1.5 kB each), never
 * the pages' bytes, which stay the page cache's and go with it.
 */
const SENT_PAGES_BYTES = 4 * 1024 * 1024;

/** How a page went out to a request, after the whole app: which page, its status and headers. */
interface SentPage {
  /** The page cache's key, and the ETag of the answer kept under it then. */
  key: string;
  etag: string;
  status: number;
  /** Every header it went out with (names in lower case, as the kept API answers have them). */
  headers: OutgoingHttpHeaders;
  gzipped: boolean;
}

/**
 * What a page request's answer depends on besides the catalogue: its URL and the encodings it
 * takes (never its host: absolute URLs come from PUBLIC_URL). Requests alike in these get the
 * same bytes.
 */
const requestKeyOf = (req: IncomingMessage) => `${req.url}\n${req.headers['accept-encoding']}`;

/** A GET that no 304 can answer (Express answers those). */
const isPlainGet = (req: IncomingMessage) =>
  req.method === 'GET' &&
  req.headers['if-none-match'] === undefined &&
  req.headers['if-modified-since'] === undefined;

/** The bytes of an answer as a page went out: gzipped or not. */
const bytesOf = (answer: MadeAnswer, gzipped: boolean) =>
  gzipped ? answer.gzippedBytes : answer.body;

/**
 * The storefront's pages as they went out, by request, so that the same request again gets the
 * same bytes before Express and its middleware see it (their work was most of a kept page's).
 */
export class SentPages {
  private readonly sent = new LRUCache<string, SentPage>({
    maxSize: SENT_PAGES_BYTES,
    sizeCalculation: (page, key) => key.length + JSON.stringify(page).length,
  });

  /** Remembers how the request was sent the page kept under `key`. */
  remember(req: Request, res: Response, key: string, answer: MadeAnswer) {
    if (!isPlainGet(req) || answer.transient) return;
    const headers = res.getHeaders();
    const gzipped = headers['content-encoding'] === 'gzip';
    const page = { key, etag: answer.etag, status: res.statusCode, headers, gzipped };
    this.sent.set(requestKeyOf(req), page);
  }

  /**
   * Sends again what the same request was sent, while the page cache still holds that answer
   * (`kept` gives what it holds under a key), calling `sending` first; false when it did not.
   */
  sendAgain(
    req: IncomingMessage,
    res: ServerResponse,
    kept: (key: string) => MadeAnswer | undefined,
    sending: () => void,
  ): boolean {
    if (!isPlainGet(req)) return false;
    const page = this.sent.get(requestKeyOf(req));
    if (!page) return false;
    const answer = kept(page.key);
    const body = answer?.etag === page.etag ? bytesOf(answer, page.gzipped) : undefined;
    if (!body) return false;
    sending();
    res.writeHead(page.status, page.headers).end(body);
    return true;
  }
}
