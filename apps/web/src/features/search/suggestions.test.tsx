import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct, replies } from '../../test/fixtures';
import { api, renderApp, startApi } from '../../test/render-app';

const lamp = makeProduct('Desk Lamp', { price: 45 });
const shade = makeProduct('Lamp Shade', { price: 15 });
const bulb = makeProduct('Lamp Bulb', { price: 5 });

/** The search box, once its suggestions have opened for `words`. */
async function suggestFor(user: ReturnType<typeof renderApp>['user'], words: string) {
  const box = await screen.findByRole('combobox', { name: 'Search' });
  await user.type(box, words);
  await screen.findByRole('listbox', { name: 'Suggestions' });
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
  return box;
}

const highlighted = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the search box suggestions (a combobox)', () => {
  beforeEach(() => {
    startApi();
    api.on('GET', '/api/v1/search/suggest', ({ query }) =>
      replies.suggestions(query.q?.startsWith('lam') ? [lamp, shade, bulb] : []),
    );
    api.on('GET', '/api/v1/search', replies.facetedSearch([lamp, shade, bulb]));
    api.on('GET', '/api/v1/product/get-product/:slug', ({ params }) => ({
      status: 200,
      body: {
        success: true,
        message: 'Single Product Fetched',
        product: [lamp, shade, bulb].find((product) => product.slug === params.slug),
      },
    }));
    api.on('GET', '/api/v1/product/:productId/reviews', replies.reviews());
  });

  it('when words are typed, then the box asks once they settle and lists the products it is told of', async () => {
    const { user } = renderApp('/about');
    const box = await suggestFor(user, 'lamp');

    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Desk Lamp'),
      expect.stringContaining('Lamp Shade'),
      expect.stringContaining('Lamp Bulb'),
    ]);
    expect(box).toHaveAttribute('aria-controls', 'search-suggestions');
    // Typed quickly, the words are asked about once they have settled, not at each key.
    expect(api.requestsTo('GET', '/api/v1/search/suggest').map((r) => r.query.q)).toEqual(['lamp']);
  });

  it('when the arrows move the highlight and Enter is pressed, then the highlighted product opens', async () => {
    const { user, router } = renderApp('/about');
    const box = await suggestFor(user, 'lamp');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(highlighted(box)).toContain('Desk Lamp');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last option, the first again.
    expect(highlighted(box)).toContain('Desk Lamp');
    await user.keyboard('{ArrowUp}');
    expect(highlighted(box)).toContain('Lamp Bulb');
    expect(screen.getByRole('option', { name: /Lamp Bulb/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Lamp Bulb', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/lamp-bulb');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('when Escape is pressed, then the list closes; an arrow opens it again', async () => {
    const { user } = renderApp('/about');
    const box = await suggestFor(user, 'lamp');

    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(highlighted(box)).toContain('Desk Lamp');
  });

  it('when Enter is pressed with no suggestion highlighted, then the search page of the words opens', async () => {
    const { user, router } = renderApp('/about');
    await suggestFor(user, 'lamp');

    await user.keyboard('{Enter}');

    expect(await screen.findByText('Found 3')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?keyword=lamp');
  });

  it('when a suggestion is clicked, then its product opens', async () => {
    const { user, router } = renderApp('/about');
    await suggestFor(user, 'lamp');

    await user.click(screen.getByRole('option', { name: /Lamp Shade/ }));

    expect(
      await screen.findByRole('heading', { name: 'Lamp Shade', level: 2 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/lamp-shade');
  });
});
