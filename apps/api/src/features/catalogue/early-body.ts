import type { Request, RequestHandler } from 'express';

const MAX_EARLY_BODY_BYTES = 4096;

/** What the JSON parser would have failed with; raised after it, in its place. */
const earlyErrors = new WeakMap<Request, Error>();

/** A small UTF-8 JSON body, which may be read before the JSON parser. */
function readableEarly(req: Request): boolean {
  const length = Number(req.headers['content-length']);
  const type = req.headers['content-type'] ?? '';
  return (
    Number.isInteger(length) &&
    length > 0 &&
    length <= MAX_EARLY_BODY_BYTES &&
    !req.headers['content-encoding'] &&
    /^application\/json\s*(;|$)/i.test(type) &&
    !/charset=(?!"?utf-8"?\s*(;|$))/i.test(type)
  );
}

/** Parses as express.json does (strict: an object or an array), so the parser can be skipped. */
function parseEarly(req: Request, raw: string) {
  try {
    if (!/^[\s\uFEFF]*[{[]/.test(raw)) throw new SyntaxError('not a JSON object or array');
    req.body = JSON.parse(raw);
  } catch (err) {
    earlyErrors.set(req, Object.assign(err as Error, { status: 400, type: 'entity.parse.failed' }));
  }
  // body-parser leaves a request alone once this is set.
  (req as Request & { _body?: boolean })._body = true;
}

/**
 * Reads and parses a small JSON body before the rest of the app, then calls `parsed` with it; any other
 * body, or one that is no JSON, goes on as usual (`next`), the JSON parser's error included.
 */
export function readBodyEarly(
  req: Request,
  parsed: (raw: string) => void,
  next: (err?: unknown) => void,
) {
  if (!readableEarly(req)) return next();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('error', next);
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    parseEarly(req, raw);
    if (earlyErrors.has(req)) next();
    else parsed(raw);
  });
}

/** Right after the JSON parser: a body read early that was not JSON fails as it would have. */
export const earlyBodyErrors: RequestHandler = (req, _res, next) => {
  next(earlyErrors.get(req));
};
