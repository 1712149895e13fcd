import { describe, expect, it, vi } from 'vitest';
import type { RouteReads } from './app/route-reads';
import { render } from './entry-server';
import { makeProduct } from './test/fixtures';
import { fakeStorefrontReads } from './test/storefront-reads';

// The home route as if it had forgotten to declare its product count.
vi.mock('./app/routes/Home', async (importOriginal) => {
  const home = await importOriginal<typeof import('./app/routes/Home')>();
  const { productQueries } = await import('./features/products/api/queries');
  const reads: RouteReads = ({ queryClient }) =>
    queryClient.ensureInfiniteQueryData(productQueries.list(1));
  return { ...home, reads };
});

describe('a screen that reads what its route does not declare', () => {
  it('when it is rendered, then the render fails, naming the read, for the browser to render the page', async () => {
    const reads = fakeStorefrontReads([], [makeProduct('Lamp')]);

    await expect(render('/', reads)).rejects.toThrow(/reads undeclared .*"products","count"/);
    expect(reads.productCount).not.toHaveBeenCalled();
  });
});
