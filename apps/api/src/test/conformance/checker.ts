import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Response } from 'supertest';

interface DocumentedAnswer {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, DocumentedAnswer> }>>;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** `image/*` takes any image; `application/json` only itself. */
const mediaTypeMatches = (documented: string, sent: string) =>
  documented.endsWith('/*') ? sent.startsWith(documented.slice(0, -1)) : documented === sent;

/**
 * Checks answers against an OpenAPI document as a client would read it: the document's own
 * JSON Schemas (with ajv, `$ref`s into its components resolved), not the zod schemas it was
 * made from, so that a document that drifted from the app is caught.
 */
export function documentChecker(document: OpenApiDocument) {
  // The document is OpenAPI, not bare JSON Schema: its other keywords (paths, info) are no
  // schema keywords, which strict mode would refuse.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(document, 'openapi.json');
  const valid = (path: string[], value: unknown): string | undefined => {
    const validate = ajv.getSchema(`openapi.json#/${pointer(...path)}`);
    if (!validate) return `no schema at ${path.join(' ')}`;
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };

  return {
    /** Every documented operation, as `METHOD /path`. */
    operations: () =>
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),

    /** The statuses the document lists for the operation. */
    statuses: (operation: string) => {
      const [method = '', path = ''] = operation.split(' ');
      return Object.keys(document.paths[path]?.[method.toLowerCase()]?.responses ?? {});
    },

    /** How the answer differs from what the document says of that operation and status. */
    problemsOf(operation: string, res: Response): string[] {
      const [method = '', path = ''] = operation.split(' ');
      const at = ['paths', path, method.toLowerCase(), 'responses', String(res.status)];
      const answer = document.paths[path]?.[method.toLowerCase()]?.responses[res.status];
      if (!answer) return [`${res.status} is not documented`];
      const problems: string[] = [];
      for (const [name, header] of Object.entries(answer.headers ?? {})) {
        const value = res.headers[name.toLowerCase()];
        if (value === undefined) {
          if (header.required) problems.push(`no ${name} header`);
          continue;
        }
        const wrong = valid([...at, 'headers', name, 'schema'], value);
        if (wrong) problems.push(`header ${name}: ${wrong}`);
      }
      const sentType = res.headers['content-type']?.split(';')[0] ?? '';
      if (!answer.content) {
        if (sentType) problems.push(`a ${sentType} body where none is documented`);
        return problems;
      }
      const mediaType = Object.keys(answer.content).find((type) =>
        mediaTypeMatches(type, sentType),
      );
      if (!mediaType)
        return [...problems, `${sentType || 'no body'}, not ${Object.keys(answer.content)}`];
      if (mediaType === 'application/json') {
        const wrong = valid([...at, 'content', mediaType, 'schema'], res.body);
        if (wrong) problems.push(`body ${JSON.stringify(res.body).slice(0, 200)}: ${wrong}`);
      }
      return problems;
    },
  };
}
