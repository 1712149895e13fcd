import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CartProvider } from '../../../lib/cart';
import { makeProduct, makeProductInVariants } from '../../../test/fixtures';
import { WithStoreSettings } from '../../../test/render-app';
import { ProductGrid } from './ProductCard';

const SIZES = [{ name: 'Size', values: ['S', 'M'] }];
const mug = makeProduct('Stoneware Mug', { price: 12 });
const charger = makeProductInVariants(
  'Charger',
  [{ name: 'Power', values: ['65W', '100W'] }],
  [
    { options: { Power: '65W' }, price: 27, quantity: 5 },
    { options: { Power: '100W' }, price: 39, quantity: 5 },
  ],
);
const tee = makeProductInVariants('Tee', SIZES, [
  { options: { Size: 'S' }, price: 15, quantity: 2 },
  { options: { Size: 'M' }, price: 15, quantity: 0 },
]);
const sneakers = makeProductInVariants('Sneakers', SIZES, [
  { options: { Size: 'S' }, price: 58, quantity: 0 },
  { options: { Size: 'M' }, price: 58, quantity: 0 },
]);

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

function renderCards() {
  render(
    <MemoryRouter>
      <CartProvider>
        <Routes>
          <Route path="/" element={<ProductGrid products={[mug, charger, tee, sneakers]} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </CartProvider>
    </MemoryRouter>,
    { wrapper: WithStoreSettings },
  );
  return userEvent.setup();
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('product cards of products in variants', () => {
  it('when the variants cost differently, then the card shows the lowest price "from"; one price shows as before', () => {
    renderCards();
    expect(card('Charger').getByText('from ₹27.00')).toBeInTheDocument();
    expect(card('Tee').getByText('₹15.00')).toBeInTheDocument();
    expect(card('Stoneware Mug').getByText('₹12.00')).toBeInTheDocument();
  });

  it('when a product has several variants, then the card offers CHOOSE OPTIONS to its page instead of ADD TO CART', async () => {
    const user = renderCards();
    expect(card('Tee').queryByRole('button', { name: 'ADD TO CART' })).toBeNull();
    expect(card('Stoneware Mug').getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
    await user.click(card('Tee').getByRole('link', { name: 'CHOOSE OPTIONS' }));
    expect(screen.getByText(`at /product/${tee.slug}`)).toBeInTheDocument();
  });

  it('when every variant is sold out, then the card says Out of stock with ADD TO CART disabled', () => {
    renderCards();
    expect(card('Sneakers').getByText('Out of stock')).toBeInTheDocument();
    expect(card('Sneakers').getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
    expect(card('Sneakers').queryByRole('link', { name: 'CHOOSE OPTIONS' })).toBeNull();
  });
});

describe('a card’s rating', () => {
  it('when a product has reviews, then its card shows stars named by the rating; without any, none', () => {
    const rated = makeProduct('Rated Lamp', { rating: { average: 4.5, count: 12 } });
    render(
      <MemoryRouter>
        <CartProvider>
          <ProductGrid products={[rated, mug]} />
        </CartProvider>
      </MemoryRouter>,
      { wrapper: WithStoreSettings },
    );

    const ratedCard = screen.getByRole('article', { name: 'Rated Lamp' });
    expect(
      within(ratedCard).getByRole('img', { name: 'Rated 4.5 out of 5 (12 reviews)' }),
    ).toBeInTheDocument();
    const mugCard = screen.getByRole('article', { name: mug.name });
    expect(within(mugCard).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
  });
});
