import type { RequestHandler } from 'express';
import { Router } from 'express';

export function categoryRoutes(_deps: { signedIn: RequestHandler }) {
  return Router();
}
