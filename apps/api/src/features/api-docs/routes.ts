import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Router } from 'express';
import type { Route } from '../../lib/route.js';
import { buildOpenApiDocument } from './document.js';

const require = createRequire(import.meta.url);
const { version } = require('../../../package.json') as { version: string };
const swaggerUiDir = dirname(require.resolve('swagger-ui-dist/package.json'));

/** Swagger UI's page: its assets come from this server, so the CSP stays `'self'`. */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Shop API</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;
const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', validatorUrl: null });\n`;

/** `/api/openapi.json` (OpenAPI 3.1 of the routes given) and `/api/docs` (Swagger UI). */
export function apiDocsRoutes(routes: readonly Route[]) {
  const router = Router();
  let documentJson: string | undefined;

  router.get('/openapi.json', (_req, res) => {
    documentJson ??= JSON.stringify(buildOpenApiDocument(version, routes));
    res.type('application/json').send(documentJson);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache').send(DOCS_PAGE);
  });
  router.get('/docs/start.js', (_req, res) => {
    res.type('text/javascript').setHeader('Cache-Control', 'no-cache').send(START_SCRIPT);
  });
  for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
    router.get(`/docs/${file}`, (_req, res) => {
      res.sendFile(file, { root: swaggerUiDir, maxAge: '1h' });
    });
  }
  return router;
}
