import { objectIdSchema } from './common.js';
import { z } from './zod.js';

/*
 * The catalogue as a CSV file, out (product/export.csv) and in (product/import, a job reported
 * by jobs/{jobId}). A subpath of its own (`@shop/contracts/catalogue-csv`): only the API and the
 * admin's import screen read it.
 */

/** One option's two columns: its name and this row's value of it. */
export const optionColumns = (n: number) => [`option${n} name`, `option${n} value`] as const;

/** The export's columns, in order; an import may give any of them (`sku` is required). */
export const CATALOGUE_CSV_COLUMNS = [
  'slug',
  'name',
  'description',
  'category',
  ...optionColumns(1),
  ...optionColumns(2),
  ...optionColumns(3),
  'sku',
  'price',
  'quantity',
  'weight',
  'taxClass',
  'photo',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** The largest CSV an import takes, in bytes (about 50,000 rows of an export). */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;

/** The changes and the errors a job keeps in full; beyond, only their counts. */
export const MAX_LISTED_CHANGES = 1000;
export const MAX_LISTED_ERRORS = 1000;

/** The import's form fields beside its `file`. */
export const catalogueImportFormSchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const importStartedResponseSchema = z.object({
  success: z.literal(true),
  jobId: objectIdSchema,
});

export const jobParamsSchema = z.object({ jobId: objectIdSchema });

/** A row that was not written: its number (the header is row 1), its column and why. */
export const rowErrorSchema = z.object({
  row: z.number().int().min(1),
  /** The column's name as the file has it; empty when the row as a whole is wrong. */
  column: z.string(),
  message: z.string(),
});
export type RowError = z.infer<typeof rowErrorSchema>;

/**
 * One field of a row of an existing SKU that the import changes (a dry run: would change), as
 * CSV text; a new SKU's row is counted as created, its fields not listed.
 */
export const rowChangeSchema = z.object({
  row: z.number().int().min(1),
  sku: z.string(),
  field: z.string(),
  from: z.string(),
  to: z.string(),
});
export type RowChange = z.infer<typeof rowChangeSchema>;

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** An import's progress and outcome, as any API process reads it from the database. */
export const importJobSchema = z.object({
  jobId: objectIdSchema,
  dryRun: z.boolean(),
  status: z.enum(JOB_STATUSES),
  /** Rows read so far, and of the whole file (0 until it has been read). */
  processed: z.number().int().min(0),
  total: z.number().int().min(0),
  /** Rows whose SKU is new, rows with a change, rows as they were (a dry run: would be). */
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  /** The first MAX_LISTED_ERRORS, in row order; `errorCount` counts them all. */
  errors: z.array(rowErrorSchema),
  errorCount: z.number().int().min(0),
  /** The first MAX_LISTED_CHANGES, in row order; `changeCount` counts them all. */
  changes: z.array(rowChangeSchema),
  changeCount: z.number().int().min(0),
  /** Why a failed job stopped. */
  message: z.string().optional(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobResponseSchema = importJobSchema.extend({ success: z.literal(true) });
