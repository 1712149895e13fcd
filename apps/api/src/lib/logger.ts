import { pino } from 'pino';

export type Logger = pino.Logger;

export const createLogger = (level: string) =>
  pino({
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password'],
  });
