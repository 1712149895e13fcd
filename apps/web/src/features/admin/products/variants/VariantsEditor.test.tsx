import type { Product } from '@shop/contracts';
import type { ProductVariantsRequest } from '@shop/contracts/variants-request';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, newId, replies } from '../../../../test/fixtures';
import { expectProblemsShown } from '../../../../test/form-problems';
import { api, findToast, renderScreen, setupAdminTests } from '../../testing/setup';
import { UpdateProductPanel } from '../UpdateProductPanel';

setupAdminTests();
// The update screen lists the product's reviews below its form.
beforeEach(() => api.on('GET', '/api/v1/product/:productId/reviews/all', replies.reviews()));

const home = makeCategory('Home');
const PHOTO = { version: 'a'.repeat(64), width: 800, height: 600, color: '#334455' };
const variantsUrl = (product: Product) => `/api/v1/product/product-variants/${product._id}`;

/**
 * The product as the API answers once it took the grid: new variants get ids; a weight or class
 * sent is the variant's, null is the product's, and left out a saved variant keeps its own.
 */
function savedFrom(product: Product, body: ProductVariantsRequest): Product {
  const variants = body.variants.map((v) => {
    const before = product.variants.find((saved) => saved._id === v._id);
    const own = <Field extends 'weight' | 'taxClass'>(field: Field) =>
      v[field] === undefined ? (before?.[field] ?? product[field]) : (v[field] ?? product[field]);
    return {
      _id: v._id ?? newId(),
      sku: v.sku,
      options: v.options ?? {},
      price: v.price,
      quantity: v.quantity,
      weight: own('weight'),
      taxClass: own('taxClass'),
      photo: null,
    };
  });
  return {
    ...product,
    options: body.options ?? [],
    variants,
    price: Math.min(...variants.map((v) => v.price)),
    quantity: variants.reduce((sum, v) => sum + v.quantity, 0),
  };
}

/** The API taking the grid as it is sent. */
function acceptVariants(product: Product) {
  api.on('PUT', variantsUrl(product), (request) => ({
    status: 200,
    body: {
      success: true,
      message: 'Variants Updated Successfully',
      product: savedFrom(product, request.body as ProductVariantsRequest),
    },
  }));
}

async function openProduct(product: Product) {
  api.on('GET', '/api/v1/category/get-category', replies.categories([home]));
  api.on('GET', `/api/v1/product/get-product/${product.slug}`, {
    status: 200,
    body: { success: true, message: 'Single Product Fetched', product },
  });
  renderScreen(<UpdateProductPanel slug={product.slug} />);
  await screen.findByRole('heading', { name: 'Options and variants' });
  return userEvent.setup();
}

/** A shirt already sold in S and M. */
function shirtInSizes() {
  const shirt = makeProduct('Shirt', { category: home, price: 15 });
  const variant = (size: string, quantity: number) => ({
    _id: newId(),
    sku: `SHIRT-${size}`,
    options: { Size: size },
    price: 15,
    quantity,
    weight: 0,
    taxClass: 'standard',
    photo: null,
  });
  const variants = [variant('S', 2), variant('M', 3)];
  return { ...shirt, options: [{ name: 'Size', values: ['S', 'M'] }], variants, quantity: 5 };
}

const sentBody = (product: Product) =>
  api.requestsTo('PUT', variantsUrl(product)).at(-1)?.body as ProductVariantsRequest;

describe('Options and variants', () => {
  it('when a product without options gets sizes and colours, then the grid lists the six combinations to keep, price and stock, and one PUT sends those kept', async () => {
    const lamp = makeProduct('Lamp', { category: home, price: 12, quantity: 4 });
    const user = await openProduct(lamp);
    expect(screen.getByLabelText('Price')).toHaveValue(12);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    acceptVariants(lamp);

    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 1 name'), 'Size');
    await user.type(screen.getByLabelText('Option 1 values'), 'S, M,L{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 2 name'), 'Colour');
    await user.type(
      screen.getByLabelText('Option 2 values'),
      'Black{Enter}White{Enter}black{Enter}',
    );

    const values = within(screen.getByRole('list', { name: 'Values of option 2' }));
    expect(values.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Black×',
      'White×',
    ]);
    const rows = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rows).toEqual([
      'S / Black',
      'S / White',
      'M / Black',
      'M / White',
      'L / Black',
      'L / White',
    ]);
    expect(screen.getByLabelText('SKU of M / White')).toHaveValue('LAMP-M-WHITE');
    expect(screen.getByLabelText('Price of M / White')).toHaveValue(12);

    await user.click(screen.getByLabelText('Select every variant'));
    await user.type(screen.getByLabelText('Stock for selected'), '5');
    await user.click(screen.getByRole('button', { name: 'Set for selected' }));
    await user.click(screen.getByLabelText('Select every variant'));
    await user.click(screen.getByLabelText('Select L / Black'));
    await user.click(screen.getByLabelText('Select L / White'));
    await user.type(screen.getByLabelText('Price for selected'), '14');
    await user.click(screen.getByRole('button', { name: 'Set for selected' }));
    await user.click(screen.getByLabelText('Keep M / White'));
    expect(screen.getByLabelText('Stock of M / White')).toBeDisabled();
    await user.clear(screen.getByLabelText('SKU of S / Black'));
    await user.type(screen.getByLabelText('SKU of S / Black'), 'LAMP-SMALL-BLACK');
    expect(screen.getByText('5 of 6 combinations kept')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SAVE VARIANTS' }));

    expect(await findToast('Variants Updated Successfully')).toBeInTheDocument();
    const variant = (sku: string, Size: string, Colour: string, price: number) => ({
      sku,
      options: { Size, Colour },
      price,
      quantity: 5,
    });
    expect(sentBody(lamp)).toEqual({
      options: [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Colour', values: ['Black', 'White'] },
      ],
      variants: [
        variant('LAMP-SMALL-BLACK', 'S', 'Black', 12),
        variant('LAMP-S-WHITE', 'S', 'White', 12),
        variant('LAMP-M-BLACK', 'M', 'Black', 12),
        variant('LAMP-L-BLACK', 'L', 'Black', 14),
        variant('LAMP-L-WHITE', 'L', 'White', 14),
      ],
    });
    expect(screen.queryByLabelText('Price')).not.toBeInTheDocument();
    expect(
      screen.getByText('Price and quantity are set per variant, in Options and variants below.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Photo of L / White')).toBeEnabled();
    expect(screen.getByLabelText('Keep M / White')).not.toBeChecked();
  });

  it("when a variant has its own weight and class, then the grid shows them beside the product's and a save sends only what the admin changed, so no override is lost", async () => {
    api.on(
      'GET',
      '/api/v1/tax',
      replies.taxSettings([{ country: 'FR', class: 'books', rate: 0.055 }]),
    );
    const sizes = shirtInSizes();
    // S has the product's weight and class, M its own.
    const shirt = {
      ...sizes,
      weight: 200,
      variants: sizes.variants.map((v) =>
        v.options.Size === 'M' ? { ...v, weight: 450, taxClass: 'zero' } : { ...v, weight: 200 },
      ),
    };
    const user = await openProduct(shirt);
    acceptVariants(shirt);

    expect(screen.getByLabelText('Weight of S')).toHaveValue(null);
    expect(screen.getByLabelText('Weight of S')).toHaveAttribute(
      'placeholder',
      '200 g, as the product',
    );
    expect(screen.getByLabelText('Weight of M')).toHaveValue(450);
    expect(screen.getByLabelText('Tax class of S')).toHaveValue('');
    expect(screen.getByLabelText('Tax class of M')).toHaveValue('zero');
    const classes = screen.getByLabelText('Tax class of S') as HTMLSelectElement;
    await waitFor(() =>
      expect([...classes.options].map((o) => o.text)).toEqual([
        'standard, as the product',
        'standard',
        'reduced',
        'zero',
        'books',
      ]),
    );

    await user.clear(screen.getByLabelText('Price of S'));
    await user.type(screen.getByLabelText('Price of S'), '16');
    await user.type(screen.getByLabelText('Reason for the price change'), 'Dearer fabric');
    await user.click(screen.getByRole('button', { name: 'SAVE VARIANTS' }));
    expect(await findToast('Variants Updated Successfully')).toBeInTheDocument();
    expect(sentBody(shirt).reason).toBe('Dearer fabric');
    expect(
      sentBody(shirt).variants.map((v) => [v.sku, v.price, 'weight' in v, 'taxClass' in v]),
    ).toEqual([
      ['SHIRT-S', 16, false, false],
      ['SHIRT-M', 15, false, false],
    ]);

    await user.selectOptions(screen.getByLabelText('Tax class of S'), 'books');
    await user.clear(screen.getByLabelText('Weight of M'));
    await user.click(screen.getByRole('button', { name: 'SAVE VARIANTS' }));
    await waitFor(() => expect(api.requestsTo('PUT', variantsUrl(shirt))).toHaveLength(2));
    expect(
      sentBody(shirt).variants.map(({ sku, weight, taxClass }) => ({ sku, weight, taxClass })),
    ).toEqual([
      { sku: 'SHIRT-S', weight: undefined, taxClass: 'books' },
      { sku: 'SHIRT-M', weight: null, taxClass: undefined },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Weight of M')).toHaveValue(null));
    expect(screen.getByLabelText('Tax class of S')).toHaveValue('books');
    expect(screen.getByLabelText('Tax class of M')).toHaveValue('zero');
  });

  it('when the grid breaks rules, then the shared schema says each in its cell or option and in a focused summary, and nothing is sent', async () => {
    const shirt = shirtInSizes();
    const user = await openProduct(shirt);
    acceptVariants(shirt);

    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 2 name'), 'Colour');
    await user.click(screen.getByRole('button', { name: 'SAVE VARIANTS' }));
    await expectProblemsShown([
      { label: 'Option 2 values', message: 'Option Colour has no values' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    await user.clear(screen.getByLabelText('Stock of M'));
    await user.type(screen.getByLabelText('Price of S'), '{Backspace}{Backspace}-1');
    await user.click(screen.getByRole('button', { name: 'SAVE VARIANTS' }));
    await expectProblemsShown([
      { label: 'Price of S', message: 'S: Price must not be negative' },
      { label: 'Stock of M', message: 'M: Quantity must be a number' },
    ]);
    expect(api.requestsTo('PUT', variantsUrl(shirt))).toEqual([]);
  });

  it('when the server refuses the grid, then its message is toasted as it is and the grid stays as edited', async () => {
    const shirt = shirtInSizes();
    const user = await openProduct(shirt);
    const refusal =
      'Stock of SHIRT-M changed while you were editing (1 left now); reload the product and try again';
    api.on('PUT', variantsUrl(shirt), replies.refused(409, refusal));

    await user.clear(screen.getByLabelText('Stock of M'));
    await user.type(screen.getByLabelText('Stock of M'), '8');
    await user.click(screen.getByRole('button', { name: 'SAVE VARIANTS' }));

    expect(await findToast(refusal)).toBeInTheDocument();
    expect(sentBody(shirt).variants).toEqual([
      {
        _id: shirt.variants[0]?._id,
        sku: 'SHIRT-S',
        options: { Size: 'S' },
        price: 15,
        quantity: 2,
        previousQuantity: 2,
      },
      {
        _id: shirt.variants[1]?._id,
        sku: 'SHIRT-M',
        options: { Size: 'M' },
        price: 15,
        quantity: 8,
        previousQuantity: 3,
      },
    ]);
    expect(screen.getByLabelText('Stock of M')).toHaveValue(8);

    api.on('PUT', variantsUrl(shirt), 'network-error');
    await user.click(screen.getByRole('button', { name: 'SAVE VARIANTS' }));
    expect(await findToast('Something went wrong while saving the variants')).toBeInTheDocument();
  });

  it('when every option is removed, then one row is left for the product itself (its suggested SKU the slug), and once saved its price and stock are form fields again', async () => {
    const shirt = shirtInSizes();
    const user = await openProduct(shirt);
    api.on('PUT', variantsUrl(shirt), (request) => {
      const saved = savedFrom(shirt, request.body as ProductVariantsRequest);
      const own = { ...saved, variants: saved.variants.map((v) => ({ ...v, _id: shirt._id })) };
      return {
        status: 200,
        body: { success: true, message: 'Variants Updated Successfully', product: own },
      };
    });

    await user.click(screen.getByRole('button', { name: 'Remove option 1' }));
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'this product',
    ]);
    expect(screen.getByLabelText('Stock of this product')).toHaveValue(2);
    // The product form weighs and taxes a product sold one way.
    expect(screen.getByLabelText('Weight of this product')).toBeDisabled();
    expect(screen.getByLabelText('Tax class of this product')).toBeDisabled();
    await user.clear(screen.getByLabelText('Stock of this product'));
    await user.type(screen.getByLabelText('Stock of this product'), '7');
    await user.click(screen.getByRole('button', { name: 'SAVE VARIANTS' }));

    expect(await findToast('Variants Updated Successfully')).toBeInTheDocument();
    expect(sentBody(shirt)).toEqual({
      options: [],
      variants: [
        {
          _id: shirt.variants[0]?._id,
          sku: 'SHIRT',
          options: {},
          price: 15,
          quantity: 7,
          previousQuantity: 2,
        },
      ],
    });
    expect(screen.getByLabelText('Quantity')).toHaveValue(7);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('when a product sold in variants is updated, then its price and stock are not fields and are sent as they are', async () => {
    const shirt = shirtInSizes();
    const user = await openProduct(shirt);
    const update = `/api/v1/product/update-product/${shirt._id}`;
    api.on('PUT', update, {
      status: 200,
      body: { success: true, message: 'ok', product: shirt },
    });

    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Shirt Two');
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    expect(await findToast('Product Updated Successfully')).toBeInTheDocument();
    const form = api.requestsTo('PUT', update)[0]?.body as FormData;
    expect(Object.fromEntries(form.entries())).toMatchObject({
      name: 'Shirt Two',
      price: '15',
      quantity: '5',
      previousQuantity: '5',
    });
  });

  it("when a saved variant's photo is uploaded or removed, then it goes by the variant's id and shows; a new row must be saved first", async () => {
    const shirt = shirtInSizes();
    const small = shirt.variants[0]?._id ?? '';
    const photoUrl = `${variantsUrl(shirt)}/${small}/photo`;
    const withPhoto = (photo: typeof PHOTO | null) => ({
      status: 200,
      body: {
        success: true,
        message: 'ok',
        product: {
          ...shirt,
          variants: shirt.variants.map((v) => (v._id === small ? { ...v, photo } : v)),
        },
      },
    });
    api.on('PUT', photoUrl, withPhoto(PHOTO));
    api.on('DELETE', photoUrl, withPhoto(null));
    const user = await openProduct(shirt);

    await user.upload(
      screen.getByLabelText('Photo of S'),
      new File([new Uint8Array([1])], 'small.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Photo of S' })).toBeInTheDocument();
    const sent = api.requestsTo('PUT', photoUrl)[0]?.body as FormData;
    // As the server reads it (jsdom's XMLHttpRequest names each file 'blob').
    expect(sent.get('photo')).toMatchObject({ type: 'image/png', size: 1 });

    await user.click(screen.getByRole('button', { name: 'Remove photo of S' }));
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'Photo of S' })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('DELETE', photoUrl)).toHaveLength(1);

    await user.type(screen.getByLabelText('Option 1 values'), 'L{Enter}');
    expect(screen.queryByLabelText('Photo of L')).not.toBeInTheDocument();
    const newRow = screen.getByRole('rowheader', { name: 'L' }).closest('tr');
    expect(newRow).toHaveTextContent('Save first to add one');
  });

  it('when a saved variant’s price changes without a reason, then the Reason field says it is required and nothing is sent', async () => {
    const shirt = shirtInSizes();
    const user = await openProduct(shirt);
    expect(screen.queryByLabelText('Reason for the price change')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Price of M'));
    await user.type(screen.getByLabelText('Price of M'), '19');
    await user.click(screen.getByRole('button', { name: 'SAVE VARIANTS' }));

    await expectProblemsShown([
      {
        label: 'Reason for the price change',
        message: 'reason is required when a price changes',
      },
    ]);
    expect(api.requestsTo('PUT', variantsUrl(shirt))).toEqual([]);
  });
});
