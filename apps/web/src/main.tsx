import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoutesFor } from './app/router';

/**
 * How long the first render waits for the first screen's chunks (preloaded by index.html).
 * Rendered with them, the screen shows whole at once; rendered before them, it shows the
 * loading skeleton, and React then holds the screen back for 300 ms after the skeleton.
 */
const FIRST_SCREEN_WAIT_MS = 1000;

const { pathname } = window.location;
// Its reads start as soon as TanStack Query's chunk (modulepreloaded by index.html) is in.
const firstScreen = Promise.all([
  preloadRoutesFor(pathname),
  Promise.all([import('./app/first-screen'), import('./lib/query')]).then(
    ([{ prefetchFirstScreen }, { browserQueryClient }]) =>
      prefetchFirstScreen(browserQueryClient(), pathname),
  ),
]);

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const wait = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
void Promise.race([firstScreen, wait]).then(render);
