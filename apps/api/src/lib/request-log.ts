import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger.js';

/** Request numbers wrap here, as pino-http's own do. */
const LAST_ID = 0x7fffffff;

/** Query parameters that are secrets: an order link's key, an e-mail confirmation's token. */
const SECRET_PARAMS = /([?&](?:key|token)=)[^&#]*/gi;

/**
 * The URL as the log writes it: the value of every secret parameter replaced, so that whoever
 * reads the log (an operator, a log service, a backup of it) cannot open the orders it names.
 */
const redactedUrl = (url: string | undefined) => url?.replace(SECRET_PARAMS, '$1[redacted]');

const lineOf = (req: IncomingMessage, res: ServerResponse, responseTime: number) =>
  `${req.method} ${redactedUrl(req.url)} ${res.statusCode} ${Math.round(responseTime)}ms`;

/**
 * The request log: one line per request, what was asked and how it ended, never the headers,
 * nor the secrets a URL carries (redactedUrl).
 * `middleware` writes it for what the app answers (pino-http); `logAnswer` writes the same line
 * for an answer sent before the app, numbered in the same sequence.
 */
export function requestLog(logger: Logger) {
  let lastId = 0;
  const nextId = () => {
    lastId = (lastId + 1) & LAST_ID;
    return lastId;
  };
  const middleware = pinoHttp({
    logger,
    genReqId: nextId,
    autoLogging: { ignore: (req) => req.url === '/healthz' },
    // The serializers read the request and answer themselves: wrapped in pino's standard ones,
    // each request first had its headers and address copied for nothing.
    wrapSerializers: false,
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactedUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customSuccessMessage: (req, res, responseTime) => lineOf(req, res, responseTime),
    customErrorMessage: (req, res) =>
      `${req.method} ${redactedUrl(req.url)} ${res.statusCode} failed`,
  });
  /** Logs, once it is sent (or its connection closed), an answer that will not fail. */
  const logAnswer = (req: IncomingMessage, res: ServerResponse) => {
    const id = nextId();
    const startedAt = Date.now();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const responseTime = Date.now() - startedAt;
      logger.info(
        {
          req: { id, method: req.method, url: redactedUrl(req.url) },
          res: { statusCode: res.statusCode },
          responseTime,
        },
        lineOf(req, res, responseTime),
      );
    };
    res.on('finish', done);
    res.on('close', done);
  };
  return { middleware, logAnswer };
}
