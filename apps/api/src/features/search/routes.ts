import {
  facetedSearchResponseSchema,
  searchQuerySchema,
  suggestQuerySchema,
  suggestResponseSchema,
} from '@shop/contracts';
import { notModified } from '../../lib/route.js';
import { catalogueJsonRoute } from '../catalogue/index.js';
import { searchAnswerJson } from './answer-json.js';
import { searchCatalogue, suggestProducts } from './queries.js';

export const searchRoutes = () => [
  catalogueJsonRoute({
    method: 'get',
    path: '/api/v1/search',
    access: 'public',
    summary:
      'Products matching every word (any order, the last as a prefix, typos by length), narrowed by facets (AND across, OR within; an option as option.<Name>=<value>), sorted, with each facet counted under the other filters',
    query: searchQuerySchema,
    responses: { 200: facetedSearchResponseSchema, 304: notModified },
    failures: [400, 503],
    answer: (catalogue, { query }) => ({
      json: searchAnswerJson(searchCatalogue(catalogue, query)),
    }),
  }),
  catalogueJsonRoute({
    method: 'get',
    path: '/api/v1/search/suggest',
    access: 'public',
    summary: 'Up to 8 products the search box suggests as the shopper types',
    query: suggestQuerySchema,
    responses: { 200: suggestResponseSchema, 304: notModified },
    failures: [400, 503],
    answer: (catalogue, { query: { q } }) => ({
      body: { success: true, products: suggestProducts(catalogue, q) },
    }),
  }),
];
