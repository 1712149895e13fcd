import type { RequestHandler } from 'express';
import { Router } from 'express';

export function productRoutes(_deps: { signedIn: RequestHandler; maxPhotoBytes: number }) {
  return Router();
}
