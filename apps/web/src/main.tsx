import './styles/index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoutesFor, readScreen } from './app/router';
import { nextTask } from './lib/next-task';
import { rendersAsServer } from './lib/server-rendered';

/**
 * How long the first render waits for the first screen's chunks (index.html preloads the home
 * page's) and its reads (the page preloads the first ones). Rendered with them, the screen shows
 * whole at once; rendered before them, it shows the loading skeleton or spinners, and React then
 * holds the screen back for 300 ms after the skeleton.
 */
const FIRST_SCREEN_WAIT_MS = 1000;

const { pathname } = window.location;
const root = document.getElementById('root');
// A screen the server rendered comes with its data; any other makes the reads its routes
// declare as soon as TanStack Query's chunk (modulepreloaded by index.html) is in, and finds the
// first ones preloaded by the page.
const firstScreen = Promise.all([
  preloadRoutesFor(pathname),
  Promise.all([import('./app/first-screen'), import('./lib/query')]).then(
    ([{ hydrateServerState }, { browserQueryClient }]) =>
      rendersAsServer
        ? hydrateServerState(browserQueryClient())
        : readScreen(browserQueryClient(), new URL(window.location.href)),
  ),
]);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (root && rendersAsServer) {
  // The server's markup stays on screen until every chunk and the data are in: nothing to wait
  // for but those. As a transition, hydrating yields to the browser every few milliseconds
  // instead of holding the main thread (and a tap on the page) for the whole page at once.
  // Money's formatting is prepared first, in a task of its own (prepareMoneyFormat).
  void firstScreen
    .then(nextTask)
    .then(async () => {
      const [{ prepareMoneyFormat }, { browserQueryClient }] = await Promise.all([
        import('./app/first-screen'),
        import('./lib/query'),
      ]);
      prepareMoneyFormat(browserQueryClient());
    })
    .then(nextTask)
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else if (root) {
  // The screen renders with the stored session and cart, read through their schemas' chunk.
  // Through the root route's chunk, which holds the stores: no chunk of their own to fetch.
  const storedState = import('./app/AppRoot').then(({ loadStoredState }) => loadStoredState());
  const wait = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  void Promise.all([storedState, Promise.race([firstScreen, wait])]).then(() =>
    createRoot(root).render(app),
  );
}
