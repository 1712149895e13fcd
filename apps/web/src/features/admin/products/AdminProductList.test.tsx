import { photoRenditionUrl } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct, newId, replies } from '../../../test/fixtures';
import {
  api,
  expectLoadFailureShown,
  findToast,
  renderScreen,
  setupAdminTests,
} from '../testing/setup';
import { AdminProductList } from './AdminProductList';

setupAdminTests();

const LIST = '/api/v1/product/get-product';
const long = makeProduct('Long One', {
  description: 'x'.repeat(150),
  price: 1250,
});
const short = makeProduct('Short One', { description: 'Tiny', price: 9 });

describe('All Products list', () => {
  it('when products load, then each card links to its edit page with photo, name, 100-character description and rupee price', async () => {
    api.on('GET', LIST, replies.allProducts([long, short]));
    renderScreen(<AdminProductList />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/admin/product/long-one',
      '/dashboard/admin/product/short-one',
    ]);
    const first = links[0] as HTMLElement;
    expect(within(first).getByText(`${'x'.repeat(100)}...`)).toBeVisible();
    expect(await within(first).findByText(/₹/)).toHaveTextContent('₹1,250.00');
    const photo = within(first).getByRole('img', { name: 'Long One' });
    expect(photo).toHaveAttribute(
      'src',
      photoRenditionUrl(long._id, long.photo ?? expect.fail('no photo'), 320),
    );
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width');
    expect(photo).toHaveAttribute('height');
    expect(within(links[1] as HTMLElement).getByText('Tiny...')).toBeVisible();
  });

  it('when a product is sold in variants, then its card says how many; one sold as itself says nothing', async () => {
    const sizes = ['S', 'M', 'L'].map((size) => ({
      _id: newId(),
      sku: `TEE-${size}`,
      options: { Size: size },
      price: 9,
      quantity: 1,
      weight: 0,
      taxClass: 'standard',
      photo: null,
    }));
    const tee = makeProduct('Tee', {
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: sizes,
    });
    api.on('GET', LIST, replies.allProducts([tee, short]));
    renderScreen(<AdminProductList />);

    const [teeCard, shortCard] = (await screen.findAllByRole('link')) as [HTMLElement, HTMLElement];
    expect(within(teeCard).getByText('3 variants')).toBeVisible();
    expect(within(shortCard).queryByText(/variants/)).not.toBeInTheDocument();
  });

  it("when units are held in shoppers' checkouts, then the card says how many per variant; none held says nothing", async () => {
    const sizes = ['S', 'M'].map((size, i) => ({
      _id: newId(),
      sku: `CAP-${size}`,
      options: { Size: size },
      price: 9,
      quantity: 1,
      inCheckouts: [2, 0][i],
      weight: 0,
      taxClass: 'standard',
      photo: null,
    }));
    const cap = makeProduct('Cap', {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: sizes,
    });
    api.on('GET', LIST, replies.allProducts([cap, short]));
    renderScreen(<AdminProductList />);

    const [capCard, shortCard] = (await screen.findAllByRole('link')) as [HTMLElement, HTMLElement];
    expect(within(capCard).getByText('Size: S — 2 in checkouts now')).toBeVisible();
    expect(within(capCard).queryByText(/Size: M/)).not.toBeInTheDocument();
    expect(within(shortCard).queryByText(/in checkouts now/)).not.toBeInTheDocument();
  });

  it('when the list cannot be fetched, then the fetching text is toasted and shown in place', async () => {
    api.on('GET', LIST, 'network-error');
    renderScreen(<AdminProductList />);

    await expectLoadFailureShown('Something went wrong while fetching products');
  });

  it('when the server refuses the list, then the failed-to-load text is toasted', async () => {
    api.on('GET', LIST, replies.refused(401, 'Unauthorized'));
    renderScreen(<AdminProductList />);

    expect(await findToast('Failed to load products')).toBeInTheDocument();
  });
});
