import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoutesFor } from './app/router';
import { prefetchFor } from './lib/prefetch';
import { rendersAsServer } from './lib/server-rendered';

/**
 * How long the first render waits for the first screen's chunks (preloaded by index.html).
 * Rendered with them, the screen shows whole at once; rendered before them, it shows the
 * loading skeleton, and React then holds the screen back for 300 ms after the skeleton.
 */
const FIRST_SCREEN_WAIT_MS = 1000;

prefetchFor(window.location.pathname);
const firstScreen = preloadRoutesFor(window.location.pathname);

const root = document.getElementById('root');

function render() {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * Brings the screen the server rendered to life. It waits for all of the screen's chunks: the
 * server's markup stays on screen meanwhile, so there is no skeleton to avoid.
 */
function hydrate(screen: HTMLElement) {
  hydrateRoot(
    screen,
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

if (root && rendersAsServer) {
  void firstScreen.then(() => hydrate(root));
} else {
  const wait = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  void Promise.race([firstScreen, wait]).then(render);
}
