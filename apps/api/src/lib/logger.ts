import { pino } from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

export interface LoggerOptions {
  /** One coloured line per event for a person at a terminal; JSON lines otherwise. */
  pretty?: boolean;
}

export const createLogger = (level: string, options: LoggerOptions = {}) => {
  const settings = {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password'],
  };
  return options.pretty
    ? pino(
        settings,
        pretty({ colorize: true, ignore: 'pid,hostname,req,res,responseTime', singleLine: true }),
      )
    : pino(settings);
};

/** Whether logs go to a person: development, on a terminal. */
export const logsForAPerson = (nodeEnv: string) =>
  nodeEnv === 'development' && process.stdout.isTTY === true;
