import { photoRenditionUrl, photoSrcSet } from '@shop/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CartProvider } from '../../../lib/cart';
import { makeProduct } from '../../../test/fixtures';
import { WithStoreSettings } from '../../../test/render-app';
import { ProductGrid } from './ProductCard';
import { ProductPhoto } from './ProductPhoto';

const lamp = makeProduct('Desk Lamp');
const photo = lamp.photo ?? expect.fail('no photo');

describe('ProductPhoto', () => {
  it('when the photo has metadata, then the renditions are offered with sizes, a fixed box and its colour', () => {
    render(<ProductPhoto productId={lamp._id} name={lamp.name} photo={photo} />);
    const img = screen.getByRole('img', { name: lamp.name });
    expect(img).toHaveAttribute('src', photoRenditionUrl(lamp._id, photo, 320));
    expect(img).toHaveAttribute('srcset', photoSrcSet(lamp._id, photo));
    expect(img).toHaveAttribute('sizes', '288px');
    expect(img).toHaveAttribute('width', '288');
    expect(img).toHaveAttribute('height', '216');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveStyle({ backgroundColor: photo.color });
  });

  it('when it is the details photo, then it loads at once with high priority', () => {
    render(
      <ProductPhoto
        productId={lamp._id}
        name={lamp.name}
        photo={photo}
        size="large"
        priority="high"
      />,
    );
    const img = screen.getByRole('img', { name: lamp.name });
    expect(img).toHaveAttribute('src', photoRenditionUrl(lamp._id, photo, 640));
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('when the photo was edited, then the new version gives new URLs', () => {
    const edited = { ...photo, version: 'e'.repeat(64) };
    const { rerender } = render(
      <ProductPhoto productId={lamp._id} name={lamp.name} photo={photo} />,
    );
    rerender(<ProductPhoto productId={lamp._id} name={lamp.name} photo={edited} />);
    expect(screen.getByRole('img', { name: lamp.name })).toHaveAttribute(
      'src',
      photoRenditionUrl(lamp._id, edited, 320),
    );
  });
});

describe('ProductGrid', () => {
  it('when a grid is above the fold, then its first screen (two rows) is fetched at once and its first photo first; below the fold, none', () => {
    const products = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((name) =>
      makeProduct(`Thing ${name}`),
    );
    const { unmount } = render(
      <MemoryRouter>
        <CartProvider>
          <ProductGrid products={products} />
        </CartProvider>
      </MemoryRouter>,
      { wrapper: WithStoreSettings },
    );
    const loading = () => screen.getAllByRole('img').map((img) => img.getAttribute('loading'));
    expect(loading()).toEqual(['eager', 'eager', 'eager', 'eager', 'eager', 'eager', 'lazy']);
    const priority = () =>
      screen.getAllByRole('img').map((img) => img.getAttribute('fetchpriority'));
    expect(priority()).toEqual(['high', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto']);
    unmount();
    render(
      <MemoryRouter>
        <CartProvider>
          <ProductGrid products={products} aboveTheFold={false} />
        </CartProvider>
      </MemoryRouter>,
      { wrapper: WithStoreSettings },
    );
    expect(loading()).toEqual(['lazy', 'lazy', 'lazy', 'lazy', 'lazy', 'lazy', 'lazy']);
  });
});
