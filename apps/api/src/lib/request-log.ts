import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger.js';

/** Request numbers wrap here, as pino-http's own do. */
const LAST_ID = 0x7fffffff;

const lineOf = (req: IncomingMessage, res: ServerResponse, responseTime: number) =>
  `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime)}ms`;

/**
 * The request log: one line per request, what was asked and how it ended, never the headers.
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
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customSuccessMessage: (req, res, responseTime) => lineOf(req, res, responseTime),
    customErrorMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode} failed`,
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
          req: { id, method: req.method, url: req.url },
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
