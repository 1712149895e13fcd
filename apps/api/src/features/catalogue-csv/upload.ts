import { MAX_IMPORT_BYTES } from '@shop/contracts/catalogue-csv';
import type { RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { AppError, badRequest } from '../../lib/errors.js';

/** The import's form: a `dryRun` field and one file, field `file`, into memory. */
const readForm = multer({
  storage: multer.memoryStorage(),
  limits: { fields: 5, fieldSize: 1024, files: 1, parts: 10, fileSize: MAX_IMPORT_BYTES },
}).single('file');

/** Reads the import's form; a file past MAX_IMPORT_BYTES fails with 413, a malformed body with 400. */
export const readImportForm: RequestHandler = (req, res, next) =>
  readForm(req, res, (err?: unknown) => {
    if (err instanceof MulterError && err.code === 'LIMIT_FILE_SIZE') {
      return next(
        new AppError(413, `The file is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MB`),
      );
    }
    if (err && !(err instanceof MulterError)) return next(badRequest('Malformed multipart body'));
    next(err);
  });
