import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type LazyPage, LazyScreen, lazyPage } from './lazy';

const Hello = () => <p>Hello</p>;

function renderScreen(page: LazyPage) {
  render(
    <Suspense fallback={<p>Loading page...</p>}>
      <LazyScreen page={page} />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('when the chunk was preloaded, then the screen renders at once, without the fallback', async () => {
    const page = lazyPage(async () => ({ default: Hello }));
    await page.preload();

    renderScreen(page);

    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(screen.queryByText('Loading page...')).not.toBeInTheDocument();
  });

  it('when the chunk was not preloaded, then the fallback shows until it arrives', async () => {
    renderScreen(lazyPage(async () => ({ default: Hello })));

    expect(screen.getByText('Loading page...')).toBeInTheDocument();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
  });

  it('when a preload fails, then rendering asks for the chunk again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Hello });
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toThrow(TypeError);

    renderScreen(page);

    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when preloaded twice, then the chunk is asked for once', async () => {
    const load = vi.fn(async () => ({ default: Hello }));
    const { preload } = lazyPage(load);

    await Promise.all([preload(), preload()]);

    expect(load).toHaveBeenCalledTimes(1);
  });
});
