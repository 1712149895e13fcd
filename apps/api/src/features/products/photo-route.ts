import { idParamsSchema, productPhotoQuerySchema } from '@shop/contracts';
import { notModified } from '../../lib/route.js';
import { cachedRoute, currentCatalogue, rememberPhotoAnswer } from '../catalogue/index.js';
import { getPhotoFile, getPhotoMeta } from './photo-queries.js';
import { renditionSize } from './renditions.js';

/** Browsers may keep a photo but must ask again; the ETag makes asking cheap (304). */
const REVALIDATE = 'public, max-age=0, must-revalidate';
/** A versioned URL's bytes never change: browsers keep them for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `product-photo/{id}`: the original (spec §7; stored upright, without its metadata), or with
 * `?v={version}&w={width}` a WebP rendition. An outdated version gets the current photo, to be
 * revalidated. The ETag comes from the product's metadata, so a 304 never reads the bytes.
 */
export const productPhotoRoute = cachedRoute({
  method: 'get',
  path: '/api/v1/product/product-photo/{id}',
  access: 'public',
  summary: 'A product’s photo: the original, or with v and w an immutable WebP rendition',
  params: idParamsSchema,
  query: productPhotoQuerySchema,
  responses: {
    200: {
      description: 'The photo: the original (upright, without its metadata), or a WebP rendition',
      bytes: 'image/*',
    },
    304: notModified,
  },
  failures: [400, 404, 503],
  send: async ({ params: { id }, query: { v, w } }, key, req, res) => {
    // The catalogue the answer is made from: it is kept only while that one is current.
    const { revision } = await currentCatalogue();
    const meta = await getPhotoMeta(id);
    const size = w === undefined ? 'orig' : renditionSize(w);
    res.set({
      ETag: size === 'orig' ? `"${meta.version}"` : `"${meta.version}-${size}"`,
      'Cache-Control': v === meta.version ? IMMUTABLE : REVALIDATE,
    });
    if (req.fresh) {
      rememberPhotoAnswer(req, res, key, revision);
      res.status(304).end();
      return;
    }
    const file = await getPhotoFile(id, meta, size);
    res.set('Content-Type', file.contentType);
    rememberPhotoAnswer(req, res, key, revision, file.data);
    res.send(file.data);
  },
});
