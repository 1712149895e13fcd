import { type Product, photoRenditionUrl } from '@shop/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProductInVariants, replies } from '../../test/fixtures';
import { api, findToast, renderApp, startApi, storedJson } from '../../test/render-app';

const navyPhoto = { version: 'e'.repeat(64), width: 1200, height: 900, color: '#223355' };
const tee = makeProductInVariants(
  'Cotton Tee',
  [
    { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
    { name: 'Colour', values: ['Black', 'Navy'] },
  ],
  [
    { options: { Size: 'S', Colour: 'Black' }, price: 15, quantity: 3 },
    { options: { Size: 'S', Colour: 'Navy' }, price: 15, quantity: 0 },
    { options: { Size: 'M', Colour: 'Black' }, price: 15, quantity: 5 },
    { options: { Size: 'M', Colour: 'Navy' }, price: 16, quantity: 2, photo: navyPhoto },
    // No L in navy.
    { options: { Size: 'L', Colour: 'Black' }, price: 18, quantity: 4 },
    { options: { Size: 'XL', Colour: 'Black' }, price: 20, quantity: 0 },
    { options: { Size: 'XL', Colour: 'Navy' }, price: 20, quantity: 0 },
  ],
);
const variantOf = (sku: string) => tee.variants.find((v) => v.sku === sku) ?? expect.fail(sku);

const details = () => {
  const box = screen.getByRole('heading', { name: 'Product Details' }).parentElement;
  return within(box ?? expect.fail('no details'));
};
const option = (group: string, value: string) =>
  details()
    .getByRole('group', { name: group })
    .querySelector<HTMLInputElement>(`input[value="${value}"]`) ?? expect.fail(value);
const disabledValues = (group: string) =>
  within(details().getByRole('group', { name: group }))
    .getAllByRole('radio')
    .filter((radio) => (radio as HTMLInputElement).disabled)
    .map((radio) => (radio as HTMLInputElement).value);

function serve(product: Product) {
  api.on('GET', `/api/v1/product/get-product/${product.slug}`, {
    status: 200,
    body: { success: true, message: 'Single Product Fetched', product },
  });
}

async function open(path: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: tee.name });
  return app;
}

describe('product page of a product in variants', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/product/:productId/reviews', replies.reviews());
    serve(tee);
    api.on('GET', '/api/v1/product/related-product/:id/:category', replies.productPage([]));
  });

  it('when it opens without a choice, then the first variant in stock is chosen and values nothing in stock has are disabled', async () => {
    const { router } = await open(`/product/${tee.slug}`);
    expect(details().getByRole('radio', { name: 'S' })).toBeChecked();
    expect(details().getByRole('radio', { name: 'Black' })).toBeChecked();
    // XL is sold out in every colour; S in navy is sold out.
    expect(disabledValues('Size')).toEqual(['XL']);
    expect(disabledValues('Colour')).toEqual(['Navy']);
    expect(details().getByText('₹15.00')).toBeInTheDocument();
    expect(details().getByText('In stock : 3')).toBeInTheDocument();
    expect(details().getByText('SKU : COTTON-TEE-S-BLACK')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('when size and colour are picked, then price, stock, photo and the URL follow the variant', async () => {
    const { router, user } = await open(`/product/${tee.slug}`);

    await user.click(details().getByRole('radio', { name: 'M' }));
    expect(router.state.location.search).toBe('?variant=COTTON-TEE-M-BLACK');
    expect(details().getByText('In stock : 5')).toBeInTheDocument();
    expect(disabledValues('Colour')).toEqual([]);

    await user.click(details().getByRole('radio', { name: 'Navy' }));
    const mNavy = variantOf('COTTON-TEE-M-NAVY');
    expect(router.state.location.search).toBe('?variant=COTTON-TEE-M-NAVY');
    expect(details().getByText('₹16.00')).toBeInTheDocument();
    expect(details().getByText('In stock : 2')).toBeInTheDocument();
    // The variant's own photo, served under its id.
    expect(screen.getByRole('img', { name: tee.name })).toHaveAttribute(
      'src',
      photoRenditionUrl(mNavy._id, navyPhoto, 640),
    );

    // There is no L in navy: choosing L moves to a colour L is made in.
    await user.click(details().getByRole('radio', { name: 'L' }));
    expect(router.state.location.search).toBe('?variant=COTTON-TEE-L-BLACK');
    expect(option('Colour', 'Black')).toBeChecked();
    expect(disabledValues('Colour')).toEqual(['Navy']);
    expect(details().getByText('₹18.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: tee.name })).toHaveAttribute(
      'src',
      photoRenditionUrl(tee._id, tee.photo ?? expect.fail('no photo'), 640),
    );
  });

  it('when a link names a variant (in any case), then the page opens on it', async () => {
    await open(`/product/${tee.slug}?variant=cotton-tee-m-navy`);
    expect(details().getByRole('radio', { name: 'M' })).toBeChecked();
    expect(details().getByRole('radio', { name: 'Navy' })).toBeChecked();
    expect(details().getByText('₹16.00')).toBeInTheDocument();
  });

  it('when the URL changes after a choice (a link to another variant), then the page follows the URL', async () => {
    const { router, user } = await open(`/product/${tee.slug}`);
    await user.click(details().getByRole('radio', { name: 'M' }));
    await act(() => router.navigate(`/product/${tee.slug}?variant=COTTON-TEE-L-BLACK`));
    expect(details().getByRole('radio', { name: 'L' })).toBeChecked();
    expect(details().getByText('₹18.00')).toBeInTheDocument();
  });

  it('when a link names a SKU the product does not have, then the first variant in stock opens and the URL forgets it', async () => {
    const { router } = await open(`/product/${tee.slug}?variant=COTTON-TEE-XXL-PINK`);
    expect(details().getByRole('radio', { name: 'S' })).toBeChecked();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('when a link names a sold-out variant, then it shows chosen, Out of stock, and cannot be added', async () => {
    await open(`/product/${tee.slug}?variant=COTTON-TEE-XL-NAVY`);
    const xl = details().getByRole('radio', { name: 'XL' });
    expect(xl).toBeChecked();
    expect(xl).toBeDisabled();
    expect(details().getByText('Out of stock')).toBeInTheDocument();
    expect(details().getByText('₹20.00')).toBeInTheDocument();
    expect(details().getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  });

  it('when two sizes are added, then the cart holds two lines, each its variant at its price', async () => {
    const { user } = await open(`/product/${tee.slug}?variant=COTTON-TEE-M-NAVY`);
    await user.click(details().getByRole('button', { name: 'ADD TO CART' }));
    expect(await findToast('Item added to cart')).toBeInTheDocument();
    await user.click(details().getByRole('radio', { name: 'L' }));
    await user.click(details().getByRole('button', { name: 'ADD TO CART' }));

    const lBlack = variantOf('COTTON-TEE-L-BLACK');
    const mNavy = variantOf('COTTON-TEE-M-NAVY');
    expect(storedJson('cart')).toEqual([
      { ...tee, price: 16, variant: mNavy._id, quantity: 1 },
      { ...tee, price: 18, variant: lBlack._id, quantity: 1 },
    ]);
    expect(screen.getByRole('link', { name: 'Cart 2' })).toBeInTheDocument();
  });

  it('when the same size is added again, then its one line counts two units, and once it holds every unit left, adding is refused', async () => {
    const { user } = await open(`/product/${tee.slug}?variant=COTTON-TEE-M-NAVY`);
    const add = () => user.click(details().getByRole('button', { name: 'ADD TO CART' }));
    await add();
    await add();

    const mNavy = variantOf('COTTON-TEE-M-NAVY');
    expect(storedJson('cart')).toEqual([{ ...tee, price: 16, variant: mNavy._id, quantity: 2 }]);
    expect(screen.getByRole('link', { name: 'Cart 2' })).toBeInTheDocument();

    await add();
    expect(await findToast('Only 2 left, all in your cart')).toBeInTheDocument();
    expect(storedJson('cart')).toEqual([{ ...tee, price: 16, variant: mNavy._id, quantity: 2 }]);
  });
});
