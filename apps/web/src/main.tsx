import { startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './styles.css';
import { AppRoot } from './app/app-root';
import { routes } from './app/route-table';

const router = createBrowserRouter(routes);
const container = document.getElementById('root')!;
const prerendered = container.hasAttribute('data-prerendered');

/** Once React's page has replaced the prerendered one, the page is live (the prerendered root is inert). */
function TakeOver() {
  useLayoutEffect(() => {
    container.removeAttribute('inert');
    container.removeAttribute('data-prerendered');
  }, []);
  return null;
}

// Rendered as a transition: React yields to the browser between components, so the page keeps
// scrolling and painting while the app renders (over the prerendered page, when there is one).
const render = () =>
  startTransition(() =>
    createRoot(container).render(
      <AppRoot>
        <RouterProvider router={router} />
        {prerendered && <TakeOver />}
      </AppRoot>,
    ),
  );

// A public page arrives prerendered (its first paint, before any script). It stays on screen until
// the page's own code has loaded, so React replaces it with the same page, never with a loading state.
if (prerendered && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
} else {
  render();
}
