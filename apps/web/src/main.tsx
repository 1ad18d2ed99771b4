import { startTransition, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './styles.css';
import { AppRoot } from './app/app-root';
import { routes } from './app/route-table';
import { nextTask } from './lib/next-task';
import { prepareClassMerging } from './lib/utils';

const container = document.getElementById('root')!;
const prerendered = container.hasAttribute('data-prerendered');

// The visitor may scroll the prerendered page (or arrive at one of its anchors) before the app takes
// over: the takeover keeps that place instead of the router's first scroll to the top.
let prerenderedScrollY = window.scrollY;
const trackScroll = () => {
  prerenderedScrollY = window.scrollY;
};
if (prerendered) window.addEventListener('scroll', trackScroll, { passive: true });

/** Once React has hydrated the prerendered page (or rendered over it), the page is the app's. */
function TakeOver() {
  // Runs after the router's own layout effects (it is rendered after the router).
  useLayoutEffect(() => {
    window.removeEventListener('scroll', trackScroll);
    container.removeAttribute('data-prerendered');
    // Instant: it also stops the router's scroll to the top, which the site's smooth scrolling would
    // still be animating. A page still at the top has nothing to restore (and scrolling would make the
    // browser lay the page out at once, inside this task).
    if (prerenderedScrollY !== 0) window.scrollTo({ top: prerenderedScrollY, behavior: 'instant' });
  }, []);
  // What the visitor did before the app was alive (held by boot.ts): done now that the page's own
  // effects have run, from a task of its own.
  useEffect(() => {
    const replay = (window as unknown as { vitrineReplayEarlyInput?: () => void }).vitrineReplayEarlyInput;
    if (!replay) return;
    const timer = setTimeout(replay, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/**
 * A prerendered page whose HTML differs from the app's first render (a new year in the footer, say)
 * is rendered again by React from that point: the visitor sees the app's page. Said as a warning for
 * whoever is looking, and counted in the page for the browser tests.
 */
function hydrationDiffered(error: unknown) {
  const seen = window as unknown as { vitrineHydrationDiffs?: number };
  seen.vitrineHydrationDiffs = (seen.vitrineHydrationDiffs ?? 0) + 1;
  console.warn('A página pré-renderida difere da primeira renderização do app; o React a renderizou de novo.', error);
}

/**
 * The app comes to life in steps, each in a task of its own, so that none holds the main thread for
 * long while the visitor already sees the page (a prerendered page paints before any script runs):
 * this module's imports load; then the router is made (it ranks every route); then the class merger
 * builds its table; then React renders the app or hydrates the page, work it splits into short tasks
 * itself.
 */
async function start() {
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();
  prepareClassMerging();
  await nextTask();
  const app = (
    <AppRoot afterHydration={prerendered && <TakeOver />}>
      <RouterProvider router={router} />
    </AppRoot>
  );

  // As a transition: React yields to the browser between components, so the page keeps scrolling and
  // painting while the app hydrates (or renders, when there is no prerendered page).
  const render = () =>
    startTransition(() => {
      if (!prerendered) {
        createRoot(container).render(app);
        return;
      }
      // The page is no longer inert once boot.ts holds what the visitor does until hydration ends.
      container.removeAttribute('inert');
      hydrateRoot(container, app, { onRecoverableError: hydrationDiffered });
    });

  // A public page arrives prerendered (its first paint, before any script), rendered by the server with
  // the answers it shows and that the page carries (lib/page-data.ts). It is hydrated once the page's own
  // code has loaded: React keeps its elements and attaches the app to them.
  if (prerendered && !router.state.initialized) {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      render();
    });
  } else {
    render();
  }
}

void start();
