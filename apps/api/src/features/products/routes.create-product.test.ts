import { randomBytes } from 'node:crypto';
import { productResponseSchema } from '@shop/contracts';
import sharp from 'sharp';
import {
  expectNoPhotoBytes,
  imageBytes,
  productForm,
  sendForm,
  uniqueWord,
} from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, forgedToken, unknownId, withToken } from '../../test/harness.js';
import { storedDocument } from '../../test/raw-documents.js';
import { photoEtag } from './photo.js';
import { countProducts, findProduct } from './repository/reads.js';

const MAX_PHOTO_BYTES = 2000;
// Small enough for a test to go past it; every other photo here is a few bytes.
test.override('appEnv', { scope: 'file' }, { MAX_PHOTO_BYTES: String(MAX_PHOTO_BYTES) });

/** A tiny real PNG, well under the limit. */
const png = await imageBytes('png');

const URL = '/api/v1/product/create-product';
const create = (api: Api, token: string | undefined) => withToken(api.post(URL), token);

/** Runs a call that must be refused and checks that no product appeared. */
async function expectRefused(send: () => Promise<{ status: number; body: unknown }>) {
  const before = await countProducts();
  const res = await send();
  expect(await countProducts()).toBe(before);
  return { status: res.status, message: errorOf(res.body) };
}

/** A real PNG that is certainly larger than the limit: random pixels do not compress. */
const oversizedPng = () =>
  sharp(randomBytes(40 * 40 * 3), { raw: { width: 40, height: 40, channels: 3 } })
    .png()
    .toBuffer();

describe('POST /api/v1/product/create-product', () => {
  test('when an admin sends the form and a photo, then 201 with the product and its category', async ({
    api,
    admin,
    category,
  }) => {
    const fields = productForm(category.id, { name: `Desk Lamp ${uniqueWord()}` });
    const res = await sendForm(create(api, admin.token), fields, { bytes: png }).expect(201);
    const { message, product } = productResponseSchema.parse(res.body);
    expect(message).toBe('Product Created Successfully');
    expect(product).toMatchObject({
      name: fields.name,
      slug: fields.name.toLowerCase().replaceAll(' ', '-'),
      description: fields.description,
      price: 24.5,
      quantity: 3,
      shipping: 1,
    });
    expect(product.category?._id).toBe(category.id);
    expectNoPhotoBytes(res.body);
    // As the database holds it: the photo's metadata, not its bytes.
    expect((await storedDocument('products', product._id))?.photo).not.toHaveProperty('data');
    expect((await findProduct(product._id))?.photo).toEqual({
      version: photoEtag(png),
      width: 4,
      height: 4,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
  });

  test('when shipping is not sent, then the product does not ship', async ({
    api,
    admin,
    category,
  }) => {
    const res = await sendForm(
      create(api, admin.token),
      productForm(category.id, { shipping: undefined }),
      {
        bytes: png,
      },
    ).expect(201);
    expect(productResponseSchema.parse(res.body).product.shipping).toBe(0);
  });

  test.for([
    ['no token', 401],
    ['a forged token', 401],
    ['a normal user', 403],
  ] as const)(
    'when the caller has %s, then %s and nothing is stored',
    async ([label, status], { api, user, category }) => {
      const token = {
        'no token': undefined,
        'a forged token': forgedToken(),
        'a normal user': user.token,
      }[label];
      const result = await expectRefused(() =>
        sendForm(create(api, token), productForm(category.id), { bytes: png }),
      );
      expect(result.status).toBe(status);
    },
  );

  test('when the photo is missing, then 400 "Photo is required"', async ({
    api,
    admin,
    category,
  }) => {
    const result = await expectRefused(() =>
      sendForm(create(api, admin.token), productForm(category.id)),
    );
    expect(result).toEqual({ status: 400, message: 'Photo is required' });
  });

  test.for([
    ['text', Buffer.from('just some text, honestly')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['an empty file', Buffer.alloc(0)],
  ] as const)(
    'when the photo is %s disguised as a .png image, then 400',
    async ([, bytes], { api, admin, category }) => {
      const result = await expectRefused(() =>
        sendForm(create(api, admin.token), productForm(category.id), {
          bytes,
          filename: 'cute.png',
          contentType: 'image/png',
        }),
      );
      expect(result).toEqual({
        status: 400,
        message: 'Photo must be a JPEG, PNG, GIF or WebP image',
      });
    },
  );

  test('when the file comes in another field than photo, then 400', async ({
    api,
    admin,
    category,
  }) => {
    const result = await expectRefused(() =>
      sendForm(create(api, admin.token), productForm(category.id)).attach('image', png, 'a.png'),
    );
    expect(result.status).toBe(400);
  });

  test('when two photos are sent, then 400', async ({ api, admin, category }) => {
    const result = await expectRefused(() =>
      sendForm(create(api, admin.token), productForm(category.id), { bytes: png }).attach(
        'photo',
        png,
        'b.png',
      ),
    );
    expect(result.status).toBe(400);
  });

  test.for([
    ['no name', 'Name is required', { name: undefined }],
    ['a word as price', 'Price must be a number', { price: 'cheap' }],
    ['a negative quantity', 'Quantity must not be negative', { quantity: '-2' }],
    ['a bad category id', 'category: must be a valid id', { category: 'books' }],
    ['an unknown category', 'Category does not exist', { category: unknownId() }],
    ['an odd shipping value', 'Shipping must be 0 or 1', { shipping: 'maybe' }],
    ['a name of symbols only', 'Name must contain at least one letter or digit', { name: '!?!' }],
  ] as const)(
    'when the form has %s, then 400 "%s"',
    async ([, message, over], { api, admin, category }) => {
      const result = await expectRefused(() =>
        sendForm(create(api, admin.token), productForm(category.id, over), { bytes: png }),
      );
      expect(result).toEqual({ status: 400, message });
    },
  );

  test('when three fields are wrong, then one 400 lists all three, each with its field', async ({
    api,
    admin,
    category,
  }) => {
    const before = await countProducts();
    const res = await sendForm(
      create(api, admin.token),
      productForm(category.id, { name: '', price: 'cheap' }),
    ).expect(400);

    expect(res.body).toEqual({
      success: false,
      message: 'Name is required',
      errors: [
        { field: 'name', message: 'Name is required' },
        { field: 'price', message: 'Price must be a number' },
        { field: 'photo', message: 'Photo is required' },
      ],
    });
    expect(await countProducts()).toBe(before);
  });

  test('when the category, the tax class and the photo each fail their own check, then one 400 lists all three', async ({
    api,
    admin,
  }) => {
    const before = await countProducts();
    const res = await sendForm(
      create(api, admin.token),
      productForm(unknownId(), { taxClass: 'books' }),
      { bytes: Buffer.from('just some text'), filename: 'cute.png' },
    ).expect(400);

    expect(res.body.errors).toEqual([
      { field: 'category', message: 'Category does not exist' },
      {
        field: 'taxClass',
        message:
          "Tax class books is not one of the shop's (standard, reduced, zero): give it a rate under Taxes first",
      },
      { field: 'photo', message: 'Photo must be a JPEG, PNG, GIF or WebP image' },
    ]);
    expect(res.body.message).toBe('Category does not exist');
    expect(await countProducts()).toBe(before);
  });

  test('when a field is sent as an operator object (name[$gt]), then 400', async ({
    api,
    admin,
    category,
  }) => {
    const { name: _name, ...rest } = productForm(category.id);
    const result = await expectRefused(() =>
      sendForm(create(api, admin.token), { ...rest, 'name[$gt]': '' }, { bytes: png }),
    );
    expect(result).toEqual({ status: 400, message: 'Name must be text' });
  });

  test('when a field is sent twice, then 400', async ({ api, admin, category }) => {
    const result = await expectRefused(() =>
      sendForm(create(api, admin.token), productForm(category.id), { bytes: png }).field(
        'price',
        '1',
      ),
    );
    expect(result).toEqual({ status: 400, message: 'Price must be a number' });
  });

  test.for([
    [
      'cut off',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nLamp',
    ],
    ['without a boundary', 'multipart/form-data', 'garbage'],
  ] as const)(
    'when the multipart body is %s, then 400',
    async ([, contentType, body], { api, admin }) => {
      const result = await expectRefused(() =>
        create(api, admin.token).set('Content-Type', contentType).send(body),
      );
      expect(result).toEqual({ status: 400, message: 'Malformed multipart body' });
    },
  );

  test('when the body is JSON without a photo, then 400', async ({ api, admin, category }) => {
    const result = await expectRefused(() =>
      create(api, admin.token).send(productForm(category.id)),
    );
    expect(result).toEqual({ status: 400, message: 'Photo is required' });
  });

  test('when the same product is created three times at once, then one 201 and two 409', async ({
    api,
    admin,
    category,
  }) => {
    const fields = productForm(category.id);
    const post = () => sendForm(create(api, admin.token), fields, { bytes: png });
    const statuses = (await Promise.all([post(), post(), post()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(await countProducts({ name: fields.name })).toBe(1);
  });

  test.for([
    ['the same name', (name: string) => name],
    ['the same name in another case', (name: string) => name.toUpperCase()],
  ] as const)(
    'when a product with %s exists, then 409 and no second one',
    async ([, variant], { api, admin, category, addProduct }) => {
      const existing = await addProduct();
      const result = await expectRefused(() =>
        sendForm(
          create(api, admin.token),
          productForm(category.id, { name: variant(existing.name) }),
          {
            bytes: png,
          },
        ),
      );
      expect(result).toEqual({ status: 409, message: 'Product Already Exists' });
    },
  );
});

describe('POST /api/v1/product/create-product, a photo past MAX_PHOTO_BYTES', () => {
  test('when the photo is larger than MAX_PHOTO_BYTES, then 413 "Photo is too large" and nothing stored', async ({
    api,
    admin,
    category,
  }) => {
    const bytes = await oversizedPng();
    expect(bytes.length).toBeGreaterThan(MAX_PHOTO_BYTES);
    const result = await expectRefused(() =>
      sendForm(create(api, admin.token), productForm(category.id), { bytes }),
    );
    expect(result).toEqual({ status: 413, message: 'Photo is too large' });
  });

  test('when the photo is within the limit, then it is accepted', async ({
    api,
    admin,
    category,
  }) => {
    const bytes = await imageBytes('png');
    expect(bytes.length).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    await sendForm(create(api, admin.token), productForm(category.id), { bytes }).expect(201);
  });
});
