import { findProduct } from '../../features/products/repository/reads.js';
import {
  imageBytes,
  makeCategory,
  makeProduct,
  makeShirt,
  productForm,
  sendForm,
  uniqueWord,
} from '../catalogue.js';
import { unknownId } from '../harness.js';
import { type Calls, makeProductOfItsOwn, revalidate, tooLarge } from './context.js';

/** Over the default MAX_PHOTO_BYTES. */
const tooLargePhoto = { bytes: Buffer.alloc(1_000_001) };
const VARIANTS_MOVED =
  'the variants changed between reading the product and writing the photo: a race only';

/** A variants request of one variant, no options. */
/** One variant, priced anew: with the reason a price change needs. */
const oneVariant = (sku: string) => ({
  variants: [{ sku, price: 5, quantity: 2 }],
  reason: 'Repriced',
});
const newForm = async (over: Record<string, string> = {}) =>
  productForm((await makeCategory()).id, over);

/** The calls of categories and products: the catalogue and its admin. */
export const catalogueCalls: Calls = {
  'GET /api/v1/category/get-category': {
    200: async ({ send }) => {
      await makeCategory();
      return send();
    },
    304: ({ send }) => revalidate(send),
    400: ({ send }) => send({ query: 'page=x' }),
  },
  'POST /api/v1/category/create-category': {
    201: ({ send, admin }) => send({ as: admin, body: { name: `Lamps ${uniqueWord()}` } }),
    400: ({ send, admin }) => send({ as: admin, body: {} }),
    401: ({ send }) => send({ body: { name: 'Lamps' } }),
    403: ({ send, user }) => send({ as: user, body: { name: 'Lamps' } }),
    409: async ({ send, admin }) =>
      send({ as: admin, body: { name: (await makeCategory()).name } }),
    413: ({ send, admin }) => send({ as: admin, body: tooLarge }),
  },
  'PUT /api/v1/category/update-category/{id}': {
    200: async ({ send, admin }) => {
      const { id } = await makeCategory();
      return send({ as: admin, params: { id }, body: { name: `Desks ${uniqueWord()}` } });
    },
    400: ({ send, admin }) => send({ as: admin, params: { id: 'not-an-id' }, body: {} }),
    401: ({ send }) => send({ params: { id: unknownId() }, body: { name: 'Desks' } }),
    403: ({ send, user }) => send({ as: user, params: { id: unknownId() }, body: {} }),
    404: ({ send, admin }) => send({ as: admin, params: { id: unknownId() }, body: { name: 'D' } }),
    409: async ({ send, admin }) => {
      const [taken, renamed] = [await makeCategory(), await makeCategory()];
      return send({ as: admin, params: { id: renamed.id }, body: { name: taken.name } });
    },
    413: ({ send, admin }) => send({ as: admin, params: { id: unknownId() }, body: tooLarge }),
  },
  'DELETE /api/v1/category/delete-category/{id}': {
    200: async ({ send, admin }) => send({ as: admin, params: { id: (await makeCategory()).id } }),
    400: ({ send, admin }) => send({ as: admin, params: { id: 'not-an-id' } }),
    401: ({ send }) => send({ params: { id: unknownId() } }),
    403: ({ send, user }) => send({ as: user, params: { id: unknownId() } }),
    404: ({ send, admin }) => send({ as: admin, params: { id: unknownId() } }),
    // It still holds a product.
    409: async ({ send, admin }) => {
      const { category } = await makeProductOfItsOwn();
      return send({ as: admin, params: { id: category.id } });
    },
  },
  'GET /api/v1/product/get-product': {
    200: async ({ send }) => {
      await makeProductOfItsOwn();
      return send();
    },
    304: ({ send }) => revalidate(send),
    400: ({ send }) => send({ query: 'page=abc' }),
  },
  'GET /api/v1/product/admin-products': {
    200: async ({ send, admin }) => {
      const { category } = await makeProductOfItsOwn();
      return send({ as: admin, query: `category=${category.id}&sort=name` });
    },
    400: ({ send, admin }) => send({ as: admin, query: 'sort=cheapest' }),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
  },
  'GET /api/v1/product/get-product/{slug}': {
    200: async ({ send }) => send({ params: { slug: (await makeProductOfItsOwn()).slug } }),
    304: async ({ send }) =>
      revalidate(send, { params: { slug: (await makeProductOfItsOwn()).slug } }),
    400: ({ send }) => send({ params: { slug: '%20' } }),
    404: ({ send }) => send({ params: { slug: uniqueWord() } }),
  },
  'GET /api/v1/product/product-count': {
    200: ({ send }) => send(),
    304: ({ send }) => revalidate(send),
  },
  'GET /api/v1/product/product-list/{page}': {
    200: async ({ send }) => {
      await makeProductOfItsOwn();
      return send({ params: { page: '1' } });
    },
    304: ({ send }) => revalidate(send, { params: { page: '1' } }),
    400: ({ send }) => send({ params: { page: '0' } }),
  },
  'POST /api/v1/product/product-filters': {
    200: async ({ send }) => {
      const { category } = await makeProductOfItsOwn();
      return send({ body: { checked: [category.id] } });
    },
    400: ({ send }) => send({ body: { checked: 'all' } }),
    413: ({ send }) => send({ body: tooLarge }),
  },
  'GET /api/v1/product/search/{keyword}': {
    200: async ({ send }) => send({ params: { keyword: (await makeProductOfItsOwn()).name } }),
    304: ({ send }) => revalidate(send, { params: { keyword: 'lamp' } }),
    400: ({ send }) => send({ params: { keyword: 'lamp' }, query: 'page=0' }),
  },
  'GET /api/v1/product/related-product/{productId}/{categoryId}': {
    200: async ({ send }) => {
      const { id, category } = await makeProductOfItsOwn();
      await makeProduct({ categoryId: category.id });
      return send({ params: { productId: id, categoryId: category.id } });
    },
    304: async ({ send }) => {
      const { id, category } = await makeProductOfItsOwn();
      return revalidate(send, { params: { productId: id, categoryId: category.id } });
    },
    400: ({ send }) => send({ params: { productId: 'not-an-id', categoryId: 'not-an-id' } }),
  },
  'GET /api/v1/product/product-category/{slug}': {
    200: async ({ send }) =>
      send({ params: { slug: (await makeProductOfItsOwn()).category.slug } }),
    304: async ({ send }) =>
      revalidate(send, { params: { slug: (await makeProductOfItsOwn()).category.slug } }),
    400: ({ send }) => send({ params: { slug: uniqueWord() }, query: 'perPage=0' }),
    404: ({ send }) => send({ params: { slug: uniqueWord() } }),
  },
  'GET /api/v1/product/product-photo/{id}': {
    200: async ({ send }) => send({ params: { id: (await makeProductOfItsOwn()).id } }),
    304: async ({ send }) => revalidate(send, { params: { id: (await makeProductOfItsOwn()).id } }),
    400: ({ send }) => send({ params: { id: 'not-an-id' } }),
    404: ({ send }) => send({ params: { id: unknownId() } }),
  },
  'POST /api/v1/product/create-product': {
    201: async ({ send, admin }) =>
      sendForm(send({ as: admin }), await newForm(), { bytes: await imageBytes() }),
    // No photo.
    400: async ({ send, admin }) => sendForm(send({ as: admin }), await newForm()),
    401: ({ send }) => send(),
    403: ({ send, user }) => send({ as: user }),
    409: async ({ send, admin }) => {
      const { name } = await makeProductOfItsOwn();
      return sendForm(send({ as: admin }), await newForm({ name }), { bytes: await imageBytes() });
    },
    413: async ({ send, admin }) => sendForm(send({ as: admin }), await newForm(), tooLargePhoto),
  },
  'PUT /api/v1/product/update-product/{id}': {
    200: async ({ send, admin }) => {
      const { id } = await makeProductOfItsOwn();
      return sendForm(send({ as: admin, params: { id } }), await newForm({ reason: 'Repriced' }));
    },
    400: ({ send, admin }) => send({ as: admin, params: { id: 'not-an-id' } }),
    401: ({ send }) => send({ params: { id: unknownId() } }),
    403: ({ send, user }) => send({ as: user, params: { id: unknownId() } }),
    404: async ({ send, admin }) =>
      sendForm(send({ as: admin, params: { id: unknownId() } }), await newForm()),
    // A checkout changed the stock since the form was opened.
    409: async ({ send, admin }) => {
      const { id } = await makeProductOfItsOwn();
      const form = await newForm({ previousQuantity: '999', reason: 'Repriced' });
      return sendForm(send({ as: admin, params: { id } }), form);
    },
    413: async ({ send, admin }) => {
      const { id } = await makeProductOfItsOwn();
      return sendForm(send({ as: admin, params: { id } }), await newForm(), tooLargePhoto);
    },
  },
  'PUT /api/v1/product/product-variants/{id}': {
    200: async ({ send, admin }) => {
      const { id } = await makeProductOfItsOwn();
      return send({ as: admin, params: { id }, body: oneVariant(uniqueWord()) });
    },
    400: ({ send, admin }) => send({ as: admin, params: { id: unknownId() }, body: {} }),
    401: ({ send }) => send({ params: { id: unknownId() }, body: oneVariant('x') }),
    403: ({ send, user }) => send({ as: user, params: { id: unknownId() }, body: oneVariant('x') }),
    404: ({ send, admin }) =>
      send({ as: admin, params: { id: unknownId() }, body: oneVariant(uniqueWord()) }),
    // Its SKU is another product's.
    409: async ({ send, admin }) => {
      const [taken, other] = [await makeProductOfItsOwn(), await makeProductOfItsOwn()];
      const sku = (await findProduct(taken.id))?.variants[0]?.sku ?? '';
      return send({ as: admin, params: { id: other.id }, body: oneVariant(sku) });
    },
    413: ({ send, admin }) => send({ as: admin, params: { id: unknownId() }, body: tooLarge }),
  },
  'PUT /api/v1/product/product-variants/{id}/{variantId}/photo': {
    200: async ({ send, admin }) => {
      const shirt = await makeShirt((await makeCategory()).id);
      const params = { id: shirt.id, variantId: shirt.variant('M', 'Black')._id };
      return send({ as: admin, params }).attach('photo', await imageBytes(), 'v.png');
    },
    400: ({ send, admin }) => send({ as: admin, params: { id: 'x', variantId: 'y' } }),
    401: ({ send }) => send({ params: { id: unknownId(), variantId: unknownId() } }),
    403: ({ send, user }) =>
      send({ as: user, params: { id: unknownId(), variantId: unknownId() } }),
    404: async ({ send, admin }) =>
      send({ as: admin, params: { id: unknownId(), variantId: unknownId() } }).attach(
        'photo',
        await imageBytes(),
        'v.png',
      ),
    409: { notProvoked: VARIANTS_MOVED },
    413: async ({ send, admin }) =>
      send({ as: admin, params: { id: unknownId(), variantId: unknownId() } }).attach(
        'photo',
        tooLargePhoto.bytes,
        'v.png',
      ),
  },
  'DELETE /api/v1/product/product-variants/{id}/{variantId}/photo': {
    200: async ({ send, admin }) => {
      const shirt = await makeShirt((await makeCategory()).id);
      return send({
        as: admin,
        params: { id: shirt.id, variantId: shirt.variant('M', 'Black')._id },
      });
    },
    400: ({ send, admin }) => send({ as: admin, params: { id: 'x', variantId: 'y' } }),
    401: ({ send }) => send({ params: { id: unknownId(), variantId: unknownId() } }),
    403: ({ send, user }) =>
      send({ as: user, params: { id: unknownId(), variantId: unknownId() } }),
    404: ({ send, admin }) =>
      send({ as: admin, params: { id: unknownId(), variantId: unknownId() } }),
    409: { notProvoked: VARIANTS_MOVED },
  },
  'DELETE /api/v1/product/product/{id}': {
    200: async ({ send, admin }) =>
      send({ as: admin, params: { id: (await makeProductOfItsOwn()).id } }),
    400: ({ send, admin }) => send({ as: admin, params: { id: 'not-an-id' } }),
    401: ({ send }) => send({ params: { id: unknownId() } }),
    403: ({ send, user }) => send({ as: user, params: { id: unknownId() } }),
    404: ({ send, admin }) => send({ as: admin, params: { id: unknownId() } }),
  },
};
