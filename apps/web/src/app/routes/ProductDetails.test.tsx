import { photoRenditionUrl } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, replies } from '../../test/fixtures';
import { api, findToast, renderApp, startApi, storedJson } from '../../test/render-app';

const books = makeCategory('Books');
const novel = makeProduct('Midnight at the Lighthouse', { price: 14, category: books });
const poems = makeProduct('Collected Poems', { price: 22, category: books });

describe('product details', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/product/:productId/reviews', replies.reviews());
    api.on('GET', '/api/v1/product/get-product/:slug', ({ params }) =>
      params.slug === novel.slug
        ? {
            status: 200,
            body: { success: true, message: 'Single Product Fetched', product: novel },
          }
        : replies.refused(404, 'Product not found'),
    );
    api.on(
      'GET',
      `/api/v1/product/related-product/${novel._id}/${books._id}`,
      replies.productPage([poems]),
    );
  });

  it('when a product opens, then it shows photo, name, description, price, category and similar products', async () => {
    renderApp(`/product/${novel.slug}`);
    expect(await screen.findByRole('heading', { name: novel.name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: novel.name })).toHaveAttribute(
      'src',
      photoRenditionUrl(novel._id, novel.photo ?? expect.fail('no photo'), 640),
    );
    expect(screen.getByText(novel.description)).toBeInTheDocument();
    expect(screen.getByText('₹14.00')).toBeInTheDocument();
    expect(screen.getByText('Category : Books')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${novel.name} - Ecommerce App`));
    const similar = screen.getByRole('region', { name: 'Similar Products' });
    expect(await within(similar).findByRole('article', { name: poems.name })).toBeInTheDocument();
  });

  it('when ADD TO CART is clicked, then the toast reads Item added to cart', async () => {
    const { user } = renderApp(`/product/${novel.slug}`);
    await screen.findByRole('heading', { name: novel.name });
    const details = screen.getByRole('heading', { name: 'Product Details' }).parentElement;
    if (!details) throw new Error('no details');
    await user.click(within(details).getByRole('button', { name: 'ADD TO CART' }));
    expect(await findToast('Item added to cart')).toBeInTheDocument();
    expect(storedJson('cart')).toEqual([{ ...novel, variant: novel._id, quantity: 1 }]);
  });

  it('when there are no similar products, then it says No Similar Products found', async () => {
    api.on(
      'GET',
      `/api/v1/product/related-product/${novel._id}/${books._id}`,
      replies.productPage([]),
    );
    renderApp(`/product/${novel.slug}`);
    expect(await screen.findByText('No Similar Products found')).toBeInTheDocument();
  });

  it('when the product does not exist, then the server message shows instead of a blank page', async () => {
    renderApp('/product/nothing-here');
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });

  it('when the product is out of stock, then ADD TO CART is disabled', async () => {
    api.on(
      'GET',
      '/api/v1/product/related-product/:productId/:categoryId',
      replies.productPage([]),
    );
    api.on('GET', '/api/v1/product/get-product/:slug', {
      status: 200,
      body: {
        success: true,
        message: 'ok',
        product: makeProduct(novel.name, { category: books, quantity: 0 }),
      },
    });
    renderApp(`/product/${novel.slug}`);
    await screen.findByRole('heading', { name: novel.name });
    const details = screen.getByRole('heading', { name: 'Product Details' }).parentElement;
    if (!details) throw new Error('no details');
    expect(within(details).getByText('Out of stock')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  });
});

describe('few left', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/product/:productId/reviews', replies.reviews());
    api.on(
      'GET',
      '/api/v1/product/related-product/:productId/:categoryId',
      replies.productPage([]),
    );
  });

  const showing = async (quantity: number) => {
    api.on('GET', '/api/v1/product/get-product/:slug', {
      status: 200,
      body: {
        success: true,
        message: 'ok',
        // What shoppers can have: the API counts no unit held in others' checkouts.
        product: makeProduct(novel.name, { category: books, quantity }),
      },
    });
    renderApp(`/product/${novel.slug}`);
    await screen.findByRole('heading', { name: novel.name });
    const details = screen.getByRole('heading', { name: 'Product Details' }).parentElement;
    if (!details) throw new Error('no details');
    return within(details);
  };

  it('when 2 units are left for shoppers, then the page says Only 2 left', async () => {
    expect((await showing(2)).getByText('Only 2 left')).toBeInTheDocument();
  });

  it('when plenty are left, then the page does not count them', async () => {
    expect((await showing(40)).queryByText(/left/)).not.toBeInTheDocument();
  });

  it('when it is sold out, then Notify me takes an e-mail and the page says it is noted', async () => {
    let asked: unknown;
    api.on('POST', '/api/v1/product/:productId/notify-me', ({ body }) => {
      asked = body;
      return {
        status: 200,
        body: { success: true, message: 'We will e-mail you when it is back in stock' },
      };
    });
    const details = await showing(0);
    expect(details.getByText('Out of stock')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(details.getByLabelText('Email'), 'ada@example.com');
    await user.click(details.getByRole('button', { name: 'Notify me' }));

    expect(
      await details.findByText('We will e-mail you when it is back in stock'),
    ).toBeInTheDocument();
    expect(asked).toEqual({ email: 'ada@example.com', variant: expect.any(String) });
  });

  it('when the shop refuses the address, then its message is toasted and the form stays', async () => {
    api.on('POST', '/api/v1/product/:productId/notify-me', {
      status: 400,
      body: { success: false, message: 'This variant is in stock: it can be bought now' },
    });
    const details = await showing(0);
    const user = userEvent.setup();
    await user.type(details.getByLabelText('Email'), 'ada@example.com');
    await user.click(details.getByRole('button', { name: 'Notify me' }));

    expect(await findToast('This variant is in stock: it can be bought now')).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Notify me' })).toBeEnabled();
  });
});

describe('categories', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/product/:productId/reviews', replies.reviews());
    api.on('GET', '/api/v1/category/get-category', replies.categories([books]));
    api.on('GET', '/api/v1/search', ({ query }) =>
      replies.facetedSearch(query.category === 'books' ? [novel, poems] : []),
    );
  });

  it('when All Categories opens, then each category is a link to its page', async () => {
    renderApp('/categories');
    await screen.findByRole('heading', { name: 'All Categories' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'Books' })).toHaveAttribute(
      'href',
      '/category/books',
    );
  });

  it('when a category page opens, then it names the category, counts and shows its products', async () => {
    renderApp('/category/books');
    expect(await screen.findByRole('heading', { name: 'Category - Books' })).toBeInTheDocument();
    expect(screen.getByText('2 result found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('when a category page of no category opens, then it says so', async () => {
    renderApp('/category/no-such-shelf');
    expect(await screen.findByText('Category not found')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
  });
});
