import type { RequestHandler } from 'express';
import { Router } from 'express';

export function orderRoutes(_deps: { signedIn: RequestHandler }) {
  return Router();
}
