import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { MadeAnswer } from './revision-cache.js';

/** Page requests remembered: each holds its headers (about 1 kB), its body is the page cache's. */
const SENT_PAGES = 4096;

/** A page as it went out to a request, after the whole app: status, every header, its bytes. */
interface SentPage {
  /** The page cache's key, and the answer kept under it then. */
  key: string;
  answer: MadeAnswer;
  status: number;
  /** Every header it went out with (names in lower case, as the kept API answers have them). */
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * What a page request's answer depends on besides the catalogue: its URL, the host and scheme
 * it names or a proxy names for it (and the address it came from, which `TRUST_PROXY` judges),
 * and the encodings it takes. Two requests alike in all of these get the same bytes.
 */
const requestKeyOf = (req: IncomingMessage) =>
  [
    req.url,
    req.headers.host,
    req.headers['x-forwarded-proto'],
    req.headers['x-forwarded-host'],
    req.socket.remoteAddress,
    req.headers['accept-encoding'],
  ].join('\n');

/** A GET that no 304 can answer (Express answers those). */
const isPlainGet = (req: IncomingMessage) =>
  req.method === 'GET' &&
  req.headers['if-none-match'] === undefined &&
  req.headers['if-modified-since'] === undefined;

/**
 * The storefront's pages as they went out, by request, so that the same request again gets the
 * same bytes before Express and its middleware see it (their work was most of a kept page's).
 */
export class SentPages {
  private readonly sent = new LRUCache<string, SentPage>({ max: SENT_PAGES });

  /** Remembers what the request was sent: the page kept under `key`, as it went out. */
  remember(req: Request, res: Response, key: string, answer: MadeAnswer, body: Buffer) {
    if (!isPlainGet(req) || answer.transient) return;
    const page = { key, answer, status: res.statusCode, headers: res.getHeaders(), body };
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
    if (!page || kept(page.key) !== page.answer) return false;
    sending();
    res.writeHead(page.status, page.headers).end(page.body);
    return true;
  }
}
