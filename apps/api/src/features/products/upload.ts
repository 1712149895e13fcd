import multer from 'multer';

/** Multipart text fields of the product form are short; these caps keep a request bounded. */
const FORM_LIMITS = { fields: 20, fieldSize: 64 * 1024, files: 1, parts: 30 } as const;

/**
 * Reads the product form: its text fields into `req.body`, at most one file, field `photo`,
 * into memory (`req.file.buffer`). A larger photo fails with 413, any other file field with 400.
 */
export const photoUpload = (maxPhotoBytes: number) =>
  multer({
    storage: multer.memoryStorage(),
    limits: { ...FORM_LIMITS, fileSize: maxPhotoBytes },
  }).single('photo');
