import { STATUS_CODES } from 'node:http';
import type { StaffRole } from '@shop/contracts';
import type { AuditTargetType } from '@shop/contracts/audit';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { type DescribeIssue, type FieldProblem, invalidInput, problemsOf } from './errors.js';

/**
 * Staff whose role is one of `staff` (an owner always may: `staff: []` is the owner's alone);
 * `to` says what the route does, in the refusal of any other role ("… cannot manage products").
 */
export interface StaffAccess {
  staff: readonly StaffRole[];
  to: string;
}

/**
 * Who may call a route: anyone, a signed-in user, a signed-in user or a guest who gives an
 * e-mail in the body (`shopper`: the checkout), or staff of the roles named.
 */
export type Access = 'public' | 'user' | 'shopper' | StaffAccess;

export type Method = 'get' | 'post' | 'put' | 'delete';

/** The failures a route may answer with `{ success: false, message }`. */
export type FailureStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 502 | 503;

/** One documented answer; with neither `body` nor `bytes` (a 304), it has no body. */
export interface ResponseSpec {
  description: string;
  /** The schema of its JSON body. */
  body?: z.ZodType;
  /** The media type of a body that is not JSON (a photo's bytes). */
  bytes?: string;
  headers?: z.ZodObject;
}

/** What a GET whose If-None-Match names the answer's current ETag gets. */
export const notModified: ResponseSpec = { description: 'Not modified (If-None-Match)' };

/** The file part of a multipart form (read by `read`, handed over as `req.file`). */
export interface FileSpec {
  field: string;
  required: boolean;
  description: string;
}

/**
 * How a route reads its body:
 * - `json`: parsed by the app's JSON parser, then validated. `absent: 'empty'` reads a request
 *   without a body as `{}` (its fields then say what is missing); `'optional'` does so too and
 *   documents the body as optional. `describe` words its problems (else `describeIssue`).
 * - `multipart`: read by `read` (multer), its text fields validated (none sent reads as `{}`),
 *   a required file missing being one more problem.
 * - `raw`: the bytes, read by `read`; `raw` documents what they hold.
 *
 * A body that fails is refused with every problem found (`invalidInput`).
 */
export type BodySpec =
  | { json: z.ZodType; absent?: 'empty' | 'optional'; describe?: DescribeIssue }
  | { multipart: z.ZodObject; file: FileSpec; read: RequestHandler }
  | { raw: z.ZodType; read: RequestHandler };

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOf<B> = B extends { json: infer S } | { multipart: infer S }
  ? Parsed<S>
  : B extends { raw: z.ZodType }
    ? Buffer
    : undefined;

/** What the audit log keeps of a thing a staff write changes: its fields, as plain values. */
export type Snapshot = Record<string, unknown>;

/**
 * How a write is recorded in the audit log: the kind of thing it changes (`type`), which one
 * (`target`: from the validated input, or, for a thing it makes, from its answer `made`, which is
 * undefined before the handler runs), how that thing is read before and after (`load`: null when
 * there is none) and named (`label`). `action` defaults to the route's method and path.
 */
export interface AuditSpec<I> {
  type: AuditTargetType;
  action?: string;
  target: (input: I, req: Request, made?: unknown) => string | undefined;
  load: (id: string) => Promise<Snapshot | null>;
  label: (snapshot: Snapshot) => string;
}

/** The `_id` of `made[field]` in a route's answer (the thing a create made), if there is one. */
export function idMade(made: unknown, field: string): string | undefined {
  const thing = (made as Record<string, { _id?: unknown } | undefined> | undefined)?.[field];
  return typeof thing?._id === 'string' ? thing._id : undefined;
}

/** A route's audit, its target read from the request (the route's own validation first). */
export interface AuditTrail extends Omit<AuditSpec<unknown>, 'target' | 'action'> {
  action: string;
  target: (req: Request, made?: unknown) => string | undefined;
}

/** What the handler gets, validated: path parameters, query, headers and body. */
export interface RouteInput<P, Q, H, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  headers: Parsed<H>;
  body: BodyOf<B>;
}

interface RouteSpec {
  method: Method;
  /** The full path, parameters as `{name}` (OpenAPI's syntax; Express's `:name` is made from it). */
  path: string;
  access: Access;
  summary: string;
  /** Each answer that is not a failure, by status: a bare schema is JSON described by its status. */
  responses: Record<number, z.ZodType | ResponseSpec>;
  /** Failures besides those of its access (a signed-in call's 401, an admin call's 403). */
  failures: FailureStatus[];
  /** The body of its 4xx failures, when it says more than `{ success: false, message }`. */
  failureBody?: z.ZodType;
  /** After the access check, before the body is read: rate limits, preconditions. */
  middleware?: RequestHandler[];
  /** After the handler: what the route adds to its failures. */
  onError?: ErrorRequestHandler;
}

export interface RouteDeclaration<P, Q, H, B> extends RouteSpec {
  params?: P;
  query?: Q;
  headers?: H;
  body?: B;
  /** Thin: takes the validated input, calls a use case, responds. */
  handler: (input: RouteInput<P, Q, H, B>, req: Request, res: Response) => unknown;
  /** Required of every staff write: how the audit log records it. */
  audit?: AuditSpec<RouteInput<P, Q, H, B>>;
}

/** A declared route, its handler wrapped in the validation of its input. */
export interface Route extends Omit<RouteSpec, 'responses'> {
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: BodySpec;
  responses: Record<number, ResponseSpec>;
  handle: RequestHandler;
  audit?: AuditTrail;
}

const PATH_PARAMETER = /\{(\w+)\}/g;

/** `/product/{id}` as Express writes it: `/product/:id`. */
export const expressPath = (path: string) => path.replace(PATH_PARAMETER, ':$1');

type RequestParts = Pick<Request, 'params' | 'query' | 'headers' | 'body'> & { file?: unknown };

/** `photo` → `Photo is required`. */
const missingFile = ({ field }: FileSpec): FieldProblem => ({
  field,
  message: `${field.charAt(0).toUpperCase()}${field.slice(1)} is required`,
});

function readBody(body: BodySpec | undefined, req: RequestParts): unknown {
  if (!body) return undefined;
  if ('raw' in body) return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const problems: FieldProblem[] = [];
  const sent: unknown = 'json' in body && !body.absent ? req.body : (req.body ?? {});
  const parsed = ('json' in body ? body.json : body.multipart).safeParse(sent);
  if (!parsed.success) {
    problems.push(...problemsOf(parsed.error, 'json' in body ? body.describe : undefined, sent));
  }
  if ('multipart' in body && body.file.required && !req.file) problems.push(missingFile(body.file));
  if (problems.length > 0) throw invalidInput(problems);
  return parsed.data;
}

/**
 * What a request asks of a route, each part validated by the route's schema (a bad part throws).
 * The order decides which mistake a call with several is told of: keep it.
 */
export function parseRouteInput(
  route: Pick<Route, 'params' | 'query' | 'headers' | 'body'>,
  req: RequestParts,
) {
  const params = route.params?.parse(req.params);
  const headers = route.headers?.parse(req.headers);
  const body = readBody(route.body, req);
  const query = route.query?.parse(req.query);
  return { params, query, headers, body };
}

/**
 * Declares a route once: Express serves it (`routerOf`) and the OpenAPI document describes it
 * from the same declaration.
 */
export function defineRoute<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  H extends z.ZodObject | undefined = undefined,
  B extends BodySpec | undefined = undefined,
>(declaration: RouteDeclaration<P, Q, H, B>): Route {
  const { handler, responses, audit, ...route } = declaration;
  const named = [...route.path.matchAll(PATH_PARAMETER)].map((match) => match[1]);
  const declared = Object.keys(route.params?.shape ?? {});
  if (named.join() !== declared.join()) {
    throw new Error(`${route.path}: its path names {${named}}, its params {${declared}}`);
  }
  if (isStaffWrite(route) && !audit) {
    throw new Error(`${route.method} ${route.path}: a staff write declares its audit`);
  }
  // Each part is parsed by its declared schema, which TypeScript cannot follow through `route`.
  const inputOf = (req: Request) => parseRouteInput(route, req) as RouteInput<P, Q, H, B>;
  return {
    ...route,
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, answer]) => [
        status,
        answer instanceof z.ZodType
          ? { description: STATUS_CODES[status] ?? status, body: answer }
          : answer,
      ]),
    ),
    handle: async (req, res) => {
      await handler(inputOf(req), req, res);
    },
    ...(audit && {
      audit: {
        ...audit,
        action: audit.action ?? `${route.method} ${route.path}`,
        target: (req: Request, made?: unknown) => audit.target(inputOf(req), req, made),
      },
    }),
  };
}

/** A route that changes something, for staff only: the audit log must record it. */
export const isStaffWrite = (route: Pick<RouteSpec, 'method' | 'access'>) =>
  route.method !== 'get' && typeof route.access === 'object';
