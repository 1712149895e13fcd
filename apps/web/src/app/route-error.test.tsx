import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '../lib/lazy';
import { eventually, startApi } from '../test/render-app';
import { expectConsoleError } from '../test/setup';
import { lazyElement, routes } from './router';

/** The app's root route with one extra screen whose chunk never arrives or fails. */
function renderWithScreen(load: () => Promise<{ default: () => null }>) {
  const [root] = routes;
  if (!root?.children) throw new Error('no root route');
  const broken = {
    path: '/broken',
    element: lazyElement(load),
    errorElement: root.children[0]?.errorElement,
  };
  const router = createMemoryRouter([{ ...root, children: [broken, ...root.children] }], {
    initialEntries: ['/broken'],
  });
  render(<RouterProvider router={router} />);
}

describe('route error boundary', () => {
  // React and React Router report every error a boundary catches; here the errors are the point.
  beforeEach(() => {
    expectConsoleError(/The above error occurred/);
    expectConsoleError(/^React Router caught the following error during render/);
  });

  it('when a screen chunk fails to load, then that screen explains it inside the layout', async () => {
    startApi();
    renderWithScreen(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('when a screen chunk has not arrived after 120 seconds, then it counts as failed', async () => {
    startApi();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithScreen(() => new Promise(() => {}));
    await eventually(() => expect(screen.getByText('Loading page...')).toBeInTheDocument());

    await act(() => vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1));
    expect(screen.queryByText('This page could not be loaded')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(1));

    await eventually(() =>
      expect(
        screen.getByRole('heading', { name: 'This page could not be loaded' }),
      ).toBeInTheDocument(),
    );
  });

  it('when a screen throws while rendering, then the error page offers a way out', async () => {
    startApi();
    renderWithScreen(async () => ({
      default: () => {
        throw new Error('boom');
      },
    }));
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    const notice = screen.getByRole('alert');
    expect(within(notice).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });
});
