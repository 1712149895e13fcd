import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';

const router = createAppRouter();

/** Providers live in the root route (see AppRoot), so the entry stays React plus the router. */
export function App() {
  return <RouterProvider router={router} />;
}
