import { type RequestHandler, Router } from 'express';
import {
  type Access,
  type AuditTrail,
  expressPath,
  type Route,
  type StaffAccess,
} from './route.js';

/**
 * The checks of each access, and the audit log's recorder of a route that declares its audit
 * (run just before its handler): the app gives them, since lib knows nothing of accounts.
 */
export interface AccessChecks {
  user: RequestHandler[];
  shopper: RequestHandler[];
  staff: (access: StaffAccess) => RequestHandler[];
  audit: (trail: AuditTrail) => RequestHandler;
}

const checksOf = (access: Access, checks: AccessChecks): RequestHandler[] => {
  if (access === 'public') return [];
  return typeof access === 'string' ? checks[access] : checks.staff(access);
};

/** Notes the declared route a request went to (read by the request metrics). */
export const nameRoute =
  (path: string): RequestHandler =>
  (_req, res, next) => {
    res.locals.route = path;
    next();
  };

/**
 * The Express router of declared routes; each runs its access checks, its middleware, its body
 * reader (multipart, raw), its audit's recorder, then its handler on the validated input, then
 * its own error handler.
 */
export function routerOf(routes: readonly Route[], checks: AccessChecks): Router {
  const router = Router();
  for (const route of routes) {
    router[route.method](
      expressPath(route.path),
      // The declared path names the route in the metrics: bounded, unlike the URL.
      nameRoute(route.path),
      ...checksOf(route.access, checks),
      ...(route.middleware ?? []),
      ...(route.body && 'read' in route.body ? [route.body.read] : []),
      ...(route.audit ? [checks.audit(route.audit)] : []),
      route.handle,
      ...(route.onError ? [route.onError] : []),
    );
  }
  return router;
}
