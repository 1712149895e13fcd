import { errorResponseSchema } from '@shop/contracts';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiRequestBodyObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import type { Access, BodySpec, FailureStatus, ResponseSpec, Route } from '../../lib/route.js';

/** Why a call can fail; every failure answers `{ success: false, message }`. */
const FAILURES: Record<FailureStatus, string> = {
  400: 'The input is not valid',
  401: 'Not signed in, or the token is invalid, expired or revoked',
  402: 'The payment was declined or has not succeeded',
  403: 'Administrators only, or not yours',
  404: 'Not found',
  409: 'Clashes with the current state (a duplicate, stock ran out, a change meanwhile)',
  413: 'The body or the photo is too large',
  429: 'Too many attempts; try again later',
  502: 'The payment provider is unavailable',
  503: 'The database, a lock or card payments are unavailable right now',
};

/**
 * What every call of an access may answer besides its own failures: a signed-in call reads its
 * user from the database, so it may also find no valid token or no database.
 */
const ACCESS_FAILURES: Record<'public' | 'user' | 'shopper' | 'staff', FailureStatus[]> = {
  public: [],
  user: [401, 503],
  shopper: [401, 503],
  staff: [401, 403, 503],
};

const accessKind = (access: Access) => (typeof access === 'string' ? access : 'staff');

/** Who may call a staff route, as its description says it (the owner first, always). */
const staffOf = (access: Access) =>
  typeof access === 'string'
    ? {}
    : {
        description: `Staff roles: ${['owner', ...access.staff].join(', ')}. Any other answers 403.`,
        'x-staff-roles': ['owner', ...access.staff],
      };

/** `Authorization: <token>` or `Bearer <token>`. */
const SECURITY = [{ token: [] }];
/** The token, or none (a guest, known by the e-mail in the body). */
const OPTIONAL_SECURITY: Record<string, string[]>[] = [{ token: [] }, {}];

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

const binary = (mediaType: string) => ({
  content: {
    [mediaType]: {
      schema: z.string().meta({ override: { type: 'string', contentMediaType: mediaType } }),
    },
  },
});

function answerOf({ description, body, bytes, headers }: ResponseSpec): ZodOpenApiResponseObject {
  return {
    description,
    ...(headers ? { headers } : {}),
    ...(body ? json(body) : {}),
    ...(bytes ? binary(bytes) : {}),
  };
}

/** The multipart form: its text fields and its file. */
function formSchema({ multipart, file }: Extract<BodySpec, { multipart: unknown }>) {
  const part = z.string().meta({
    description: file.description,
    override: { type: 'string', contentMediaType: 'application/octet-stream' },
  });
  return multipart.extend({ [file.field]: file.required ? part : part.optional() });
}

function requestBodyOf(body: BodySpec): ZodOpenApiRequestBodyObject {
  if ('multipart' in body) {
    return { required: true, content: { 'multipart/form-data': { schema: formSchema(body) } } };
  }
  if ('raw' in body) return json(body.raw);
  return { ...(body.absent === 'optional' ? {} : { required: true }), ...json(body.json) };
}

function operationOf(route: Route): ZodOpenApiOperationObject {
  const { params, query, headers, body, access } = route;
  const requestParams = {
    ...(params ? { path: params } : {}),
    ...(query ? { query } : {}),
    ...(headers ? { header: headers } : {}),
  };
  const statuses = [...new Set([...route.failures, ...ACCESS_FAILURES[accessKind(access)]])];
  const failures = statuses.map((status) => {
    const schema = status < 500 && route.failureBody ? route.failureBody : errorResponseSchema;
    return [status, { description: FAILURES[status], ...json(schema) }] as const;
  });
  const answers = Object.entries(route.responses).map(([status, it]) => [status, answerOf(it)]);
  return {
    summary: route.summary,
    ...staffOf(access),
    ...(Object.keys(requestParams).length > 0 ? { requestParams } : {}),
    ...(body ? { requestBody: requestBodyOf(body) } : {}),
    ...(access === 'public'
      ? {}
      : { security: access === 'shopper' ? OPTIONAL_SECURITY : SECURITY }),
    // Keys that are numbers keep their numeric order: the statuses come out sorted.
    responses: Object.fromEntries([...answers, ...failures]),
  };
}

function pathsOf(routes: readonly Route[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method]: operationOf(route) };
  }
  return paths;
}

/** The shop's API as OpenAPI 3.1, generated from its route declarations. */
export function buildOpenApiDocument(version: string, routes: readonly Route[]) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Shop API',
      version,
      description:
        'Every failure answers `{ success: false, message }` with a 4xx (or a 502/503 when a ' +
        'dependency is unavailable). Lists take optional `page` and `perPage` (at most 100).',
    },
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The token from login, raw or as `Bearer <token>`',
        },
      },
    },
    paths: pathsOf(routes),
  });
}
