import { PRIVATE_SCREENS, STOREFRONT_PAGES } from '@shop/contracts/storefront';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every screen's full path in the route tree ('/dashboard/admin' + 'users'), index routes aside. */
function pathsOf(tree: readonly RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent}/${route.path}`;
    const here = route.path === undefined ? [] : [own];
    return [...here, ...pathsOf(route.children ?? [], own)];
  });
}

/** The storefront's pages the API renders in full (storefront/pages.ts). */
const STOREFRONT = [
  ...Object.values(STOREFRONT_PAGES).map((page) => page.path),
  '/product/:slug',
  '/category/:slug',
  '/search',
];

describe('the screens the browser draws and the pages the server knows', () => {
  it('when a screen is in the router, then the server renders it as a storefront page or a private screen, not as unknown', () => {
    const known = new Set<string>([...STOREFRONT, ...PRIVATE_SCREENS, '/*']);
    expect(pathsOf(routes).filter((path) => !known.has(path))).toEqual([]);
  });

  it('when the server lists a private screen, then the router draws it', () => {
    const drawn = new Set(pathsOf(routes));
    expect(PRIVATE_SCREENS.filter((path) => !drawn.has(path))).toEqual([]);
  });
});
