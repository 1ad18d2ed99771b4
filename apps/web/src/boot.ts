// The only script a prerendered page names in its HTML. The page paints from its HTML and stylesheet
// alone; the app's code (the entry, then the chunks it and the page's route import, listed in this
// script's `data-app`) is requested once that first paint is on screen, so the paint never shares the
// connection or the main thread with scripts. The app then hydrates the page (main.tsx).
// Standalone: no imports, so it is one small file.
const tag = document.querySelector<HTMLScriptElement>('script[data-app]');
const code = (tag?.dataset.app ?? '').split(' ').filter(Boolean);
/** Preloads added per task: each starts a fetch, about a millisecond apiece on a slow phone's CPU. */
const PRELOADS_PER_TASK = 8;
let started = false;

const preload = (href: string) => {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  return link;
};

/** Preloads the page's code, the entry first, a few per task; then runs the entry, in a task of its own. */
function loadApp() {
  if (started || code.length === 0) return;
  started = true;
  const next = (from: number) => {
    if (from < code.length) {
      document.head.append(...code.slice(from, from + PRELOADS_PER_TASK).map(preload));
      setTimeout(() => next(from + PRELOADS_PER_TASK), 0);
      return;
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = code[0]!;
    document.head.append(script);
  };
  next(0);
}

// Once the browser reports the page's first contentful paint: from a task of its own, after the frame
// that painted it (an animation frame would run inside that frame's rendering). A browser without
// paint reports loads it after the next frame. A hidden tab paints nothing, so it loads the app at
// once; and should no paint ever be reported, a timer does.
if (document.visibilityState === 'hidden') loadApp();
else {
  document.addEventListener('visibilitychange', loadApp, { once: true });
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(loadApp, 0));
  } else {
    const painted = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      painted.disconnect();
      loadApp();
    });
    painted.observe({ type: 'paint', buffered: true });
    setTimeout(loadApp, 3_000);
  }
}
