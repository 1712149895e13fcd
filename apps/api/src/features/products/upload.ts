import type { RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { badRequest } from '../../lib/errors.js';

/** Multipart text fields of the product form are short; these caps keep a request bounded. */
const FORM_LIMITS = { fields: 20, fieldSize: 64 * 1024, files: 1, parts: 30 } as const;

/**
 * Reads the product form: its text fields into `req.body`, at most one file, field `photo`,
 * into memory (`req.file.buffer`). A larger photo fails with 413, any other file field with 400.
 */
export function photoUpload(maxPhotoBytes: number): RequestHandler {
  const readForm = multer({
    storage: multer.memoryStorage(),
    limits: { ...FORM_LIMITS, fileSize: maxPhotoBytes },
  }).single('photo');
  return (req, res, next) =>
    readForm(req, res, (err?: unknown) => {
      // The multipart parser's own errors (a cut-off body, no boundary) are the client's mistake.
      if (err && !(err instanceof MulterError)) return next(badRequest('Malformed multipart body'));
      next(err);
    });
}
