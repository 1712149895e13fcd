import { LIST_DEFAULT_PER_PAGE, LIST_MAX_PER_PAGE } from './values.js';
import { z } from './zod.js';

/**
 * Every list call takes optional `page` and `perPage` query parameters and answers one page
 * plus `total` (how many match in all). Without them it answers the first page.
 */
export { LIST_DEFAULT_PER_PAGE, LIST_MAX_PER_PAGE, TOTAL_COUNT_HEADER } from './values.js';
/** Categories fill the header's dropdown, so their default page is the largest one. */
export const CATEGORY_DEFAULT_PER_PAGE = LIST_MAX_PER_PAGE;
/** Similar products shown under a product. */
export const RELATED_DEFAULT_PER_PAGE = 3;

/** For the OpenAPI document: a whole-number text in a URL is documented as an integer. */
export const wholeNumberInUrl =
  (max: number) =>
  ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    delete jsonSchema.pattern;
    Object.assign(jsonSchema, { type: 'integer', minimum: 1, maximum: max });
  };

const wholeNumber = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a whole number` })
    .regex(/^\d+$/, `${field} must be a whole number`)
    .transform(Number)
    .pipe(
      z.number().min(1, `${field} must be 1 or more`).max(max, `${field} must be at most ${max}`),
    )
    // Documented as what it is: a whole number in the URL.
    .meta({ override: wholeNumberInUrl(max) });

/** The paging query of a list call; `defaultPerPage` is that call's documented default. */
export const listQuerySchema = (defaultPerPage = LIST_DEFAULT_PER_PAGE) =>
  z.object({
    page: wholeNumber('page', 100_000).default(1),
    perPage: wholeNumber('perPage', LIST_MAX_PER_PAGE).default(defaultPerPage),
  });
export type ListQuery = z.output<ReturnType<typeof listQuerySchema>>;

/** Where a page starts in the whole list. */
export const pageOffset = ({ page, perPage }: ListQuery) => (page - 1) * perPage;

/** `total`, added to every paged list response. */
export const totalField = { total: z.number().int().min(0) };
