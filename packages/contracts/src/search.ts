import { listQuerySchema } from './paging.js';
import { productPhotoSchema } from './photo.js';
import { productSchema } from './product.js';
import {
  SEARCH_FILTER_VALUE_MAX_LENGTH as FILTER_VALUE_MAX_LENGTH,
  SEARCH_FILTER_VALUES_MAX as FILTER_VALUES_MAX,
  SEARCH_OPTION_FILTERS_MAX as OPTION_FILTERS_MAX,
  OPTION_PARAM_PREFIX,
  PRICE_BANDS,
  SEARCH_KEYWORD_MAX,
  SEARCH_OPTION_NAME_MAX_LENGTH,
  SEARCH_RATINGS,
  SEARCH_SORTS,
  SUGGESTIONS_MAX,
} from './values.js';
import { z } from './zod.js';

export {
  OPTION_PARAM_PREFIX,
  SEARCH_RATINGS,
  SEARCH_SORTS,
  type SearchSort,
  SUGGESTIONS_MAX,
} from './values.js';

/** A filter's values: the parameter once or repeated (`category=a&category=b`). */
const filterValues = (field: string) =>
  z
    .union(
      [
        z.string().max(FILTER_VALUE_MAX_LENGTH, `${field} is too long`),
        z
          .array(z.string().max(FILTER_VALUE_MAX_LENGTH, `${field} is too long`))
          .max(FILTER_VALUES_MAX, `${field}: at most ${FILTER_VALUES_MAX} values`),
      ],
      { error: `${field} must be text` },
    )
    .transform((value) => (typeof value === 'string' ? [value] : value));

const bandIds = PRICE_BANDS.map((band) => String(band._id));
const knownParams = {
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(SEARCH_KEYWORD_MAX, 'q is too long')
    .optional()
    .meta({ description: 'Every word must match, in any order; the last one as a prefix' }),
  category: filterValues('category')
    .optional()
    .meta({ description: 'Category slugs (repeat for several: OR)' }),
  price: filterValues('price')
    .pipe(
      z.array(
        z
          .string()
          .refine((id) => bandIds.includes(id), `price must be a band id (${bandIds.join(', ')})`)
          .transform(Number),
      ),
    )
    .optional()
    .meta({ description: 'Price band ids of the home page filter (repeat for several: OR)' }),
  rating: z
    .enum(
      SEARCH_RATINGS.map(String) as [string, ...string[]],
      `rating must be one of ${SEARCH_RATINGS.join(', ')}`,
    )
    .transform(Number)
    .optional()
    .meta({ description: 'Rated at least this many stars' }),
  inStock: z
    .enum(['true', 'false'], 'inStock must be true or false')
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(SEARCH_SORTS, `sort must be one of ${SEARCH_SORTS.join(', ')}`).optional(),
  ...listQuerySchema().shape,
};

/**
 * `GET /search`'s query: the known parameters, and `option.<Name>` for each option filtered
 * (`option.Size=M&option.Size=L`). Any other parameter is refused, so a mistyped filter is told
 * rather than silently ignored.
 */
export const searchQuerySchema = z
  .object(knownParams)
  .catchall(filterValues('option'))
  .superRefine((query, ctx) => {
    const optionKeys = Object.keys(query).filter((key) => !(key in knownParams));
    for (const key of optionKeys) {
      const name = key.slice(OPTION_PARAM_PREFIX.length);
      if (
        !key.startsWith(OPTION_PARAM_PREFIX) ||
        !name ||
        name.length > SEARCH_OPTION_NAME_MAX_LENGTH
      ) {
        ctx.addIssue({ code: 'custom', message: `unknown parameter ${key.slice(0, 50)}` });
      }
    }
    if (optionKeys.length > OPTION_FILTERS_MAX) {
      ctx.addIssue({ code: 'custom', message: `at most ${OPTION_FILTERS_MAX} option filters` });
    }
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** The option filters of a parsed query, by option name. */
export const optionFiltersOf = (query: Record<string, unknown>): Map<string, string[]> =>
  new Map(
    Object.entries(query)
      .filter(([key]) => key.startsWith(OPTION_PARAM_PREFIX))
      .map(([key, values]) => [key.slice(OPTION_PARAM_PREFIX.length), values as string[]]),
  );

const count = z.number().int().min(0);

/** What `facets` counts: each bucket for the query and every other facet's filters. */
export const searchFacetsSchema = z
  .object({
    categories: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string(), count })),
    prices: z.array(z.object({ _id: z.number().int(), name: z.string(), count })),
    options: z.array(
      z.object({ name: z.string(), values: z.array(z.object({ value: z.string(), count })) }),
    ),
    ratings: z.array(z.object({ atLeast: z.number().int(), count })),
    inStock: count,
  })
  .meta({ id: 'SearchFacets' });
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const facetedSearchResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  total: count,
  facets: searchFacetsSchema,
});
export type FacetedSearchResponse = z.infer<typeof facetedSearchResponseSchema>;

export const suggestQuerySchema = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .min(1, 'q is required')
    .max(SEARCH_KEYWORD_MAX, 'q is too long'),
});

export const suggestionSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    price: z.number(),
    photo: productPhotoSchema.optional(),
  })
  .meta({ id: 'SearchSuggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(suggestionSchema).max(SUGGESTIONS_MAX),
});
export type SuggestResponse = z.infer<typeof suggestResponseSchema>;
