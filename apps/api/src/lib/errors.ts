import type { ErrorRequestHandler, RequestHandler } from 'express';
import mongoose from 'mongoose';
import { MulterError } from 'multer';
import { z } from 'zod';

/** The one error type: thrown anywhere, answered as `{ success: false, message }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Unauthorized: please sign in') =>
  new AppError(401, message);
export const forbidden = (message = 'Forbidden: administrators only') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
/** A 409; with `field`, the field whose value clashes (a name taken) is named in `errors`. */
export const conflict = (message: string, field?: string) =>
  new AppError(409, message, field === undefined ? {} : { errors: [{ field, message }] });
export const tooManyRequests = (message: string) => new AppError(429, message);

/** A unique-index clash (MongoDB and FerretDB both answer code 11000). */
export const isDuplicateKeyError = (err: unknown): boolean =>
  (err as { code?: number } | null)?.code === 11000;

/** For `.catch()`: a unique-index clash becomes `clash()`, anything else is rethrown. */
export const rethrowDuplicateAs =
  (clash: () => AppError) =>
  (err: unknown): never => {
    throw isDuplicateKeyError(err) ? clash() : err;
  };

/** A field's problem as the API answers it (`errors` of a 400). */
export type FieldProblem = { field: string; message: string };

/** One zod issue in words a person can act on; `input` is what was parsed, whole. */
export type DescribeIssue = (issue: z.core.$ZodIssue, input: unknown) => string;

/** An issue's message, after its path when the message does not name the field. */
export const describeIssue: DescribeIssue = (issue) => {
  const path = issue.path.join('.');
  const field = String(issue.path.at(-1) ?? '');
  // zod's generic text ('Invalid input: expected string, received object') keeps its useful half.
  const message = issue.message.replace(/^Invalid input:?\s*/, '') || 'invalid value';
  // `postalCode` is named by 'postal code' as well.
  const spelled = [field, field.replace(/([a-z])([A-Z])/g, '$1 $2')].map((f) => f.toLowerCase());
  const namesField = field !== '' && spelled.some((f) => message.toLowerCase().includes(f));
  return path && !namesField ? `${path}: ${message}` : message;
};

/**
 * The problems of a failed parse of `input`: each field's first issue (`Price is required`, not
 * also `Price must be a number`), named by its path in it.
 */
export function problemsOf(
  error: z.ZodError,
  describe: DescribeIssue = describeIssue,
  input?: unknown,
): FieldProblem[] {
  const fields = new Set<string>();
  return error.issues.flatMap((issue) => {
    const field = issue.path.join('.');
    if (fields.has(field)) return [];
    fields.add(field);
    return [{ field, message: describe(issue, input) }];
  });
}

/** Turns the first zod issue into a message a person can act on. */
export const describeZodError = (error: z.ZodError): string =>
  problemsOf(error)[0]?.message ?? 'Invalid input';

/**
 * A 400 naming every problem found: `message` says the first (what a client that reads only it
 * shows), `errors` all of them, each with the field it is about.
 */
export function invalidInput(problems: readonly FieldProblem[]): AppError {
  const [first] = problems;
  if (!first) return badRequest('Invalid input');
  return new AppError(400, first.message, { errors: problems });
}

/**
 * Runs checks of different fields together and answers what each found: a check failing with a
 * 400 is its field's problem, and any problems found are refused at once (`invalidInput`); any
 * other failure is rethrown.
 */
export async function checkFields<T extends Record<string, unknown>>(
  checks: {
    [K in keyof T]: Promise<T[K]>;
  },
): Promise<T> {
  const fields = Object.keys(checks);
  const outcomes = await Promise.allSettled(Object.values(checks));
  const problems: FieldProblem[] = [];
  const results: Record<string, unknown> = {};
  outcomes.forEach((outcome, index) => {
    const field = fields[index] ?? '';
    if (outcome.status === 'fulfilled') results[field] = outcome.value;
    else if (outcome.reason instanceof AppError && outcome.reason.status === 400) {
      problems.push(...problemsIn(outcome.reason, field));
    } else throw outcome.reason;
  });
  if (problems.length > 0) throw invalidInput(problems);
  return results as T;
}

/** The problems a 400 lists, or its message as `field`'s one problem. */
const problemsIn = (error: AppError, field: string): FieldProblem[] => {
  const listed = error.extra.errors;
  return Array.isArray(listed) ? (listed as FieldProblem[]) : [{ field, message: error.message }];
};

const {
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} = mongoose.mongo;

/**
 * Socket errors that reach a route: the driver lets some through unwrapped (EPIPE when it writes
 * to a connection the database just closed), so they mean the same as a MongoNetworkError.
 */
const BROKEN_CONNECTION_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);

/**
 * The database cannot be reached right now (down, restarting, network cut): the driver gave up
 * selecting a server, lost its connection, or mongoose stopped waiting for one.
 */
export const isDatabaseUnreachable = (err: unknown): boolean =>
  BROKEN_CONNECTION_CODES.has(String((err as { code?: unknown } | null)?.code)) ||
  err instanceof MongoNetworkError ||
  err instanceof MongoServerSelectionError ||
  err instanceof mongoose.Error.MongooseServerSelectionError ||
  err instanceof MongoNotConnectedError ||
  err instanceof MongoTopologyClosedError ||
  (err instanceof mongoose.Error && /buffering timed out/.test(err.message));

interface LoggedRequest {
  log?: { error: (obj: unknown, msg?: string) => void };
}

/** Knows every way a request can fail and never leaks a stack trace. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return invalidInput(problemsOf(err));
  if (err instanceof MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return new AppError(413, 'Photo is too large');
    return badRequest(`Upload rejected: ${err.message}`);
  }
  const e = err as { type?: string; status?: number; name?: string; code?: number };
  if (e?.type === 'entity.parse.failed') return badRequest('Malformed JSON in request body');
  if (e?.type === 'entity.too.large') return new AppError(413, 'Request body is too large');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    // http-errors from body parsing or static files: keep the status, not the internals.
    if (e.status === 404) return notFound('Not found');
    return new AppError(e.status, e.type ? 'Request body could not be read' : 'Bad request');
  }
  if (e?.name === 'CastError') return badRequest('Invalid id');
  if (e?.name === 'BSONError') return badRequest('Invalid input');
  if (e?.name === 'ValidationError') return badRequest('Invalid input');
  if (isDatabaseUnreachable(err)) {
    return new AppError(503, 'The shop is temporarily unavailable, please try again in a moment');
  }
  if (isDuplicateKeyError(err))
    return conflict('A record with the same unique value already exists');
  return new AppError(500, 'Internal server error');
}

export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  const appError = toAppError(err);
  if (appError.status >= 500) {
    if (process.env.DEBUG_ERRORS) console.error(err);
    (req as LoggedRequest).log?.error({ err }, 'request failed');
  }
  if (res.headersSent) return;
  res
    .status(appError.status)
    .json({ success: false, message: appError.message, ...appError.extra });
};

export const notFoundMiddleware: RequestHandler = (req, _res, next) => {
  next(notFound(`Not found: ${req.method} ${req.path}`));
};
