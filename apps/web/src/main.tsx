import { startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './styles.css';
import { AppRoot } from './app/app-root';
import { routes } from './app/route-table';

const router = createBrowserRouter(routes);
const container = document.getElementById('root')!;
const prerendered = container.hasAttribute('data-prerendered');

// The visitor may scroll the prerendered page (or arrive at one of its anchors) before the app takes
// over: the takeover keeps that place instead of the router's first scroll to the top.
let prerenderedScrollY = window.scrollY;
const trackScroll = () => {
  prerenderedScrollY = window.scrollY;
};
if (prerendered) window.addEventListener('scroll', trackScroll, { passive: true });

/** Once React's page has replaced the prerendered one, the page is live (the prerendered root is inert). */
function TakeOver() {
  // Runs after the router's own layout effects (it is rendered after the router).
  useLayoutEffect(() => {
    window.removeEventListener('scroll', trackScroll);
    container.removeAttribute('inert');
    container.removeAttribute('data-prerendered');
    // Instant: it also stops the router's scroll, which the site's smooth scrolling would still be animating.
    window.scrollTo({ top: prerenderedScrollY, behavior: 'instant' });
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
