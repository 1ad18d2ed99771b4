// The only script a prerendered page names in its HTML. The page paints from its HTML and stylesheet
// alone; the app's code (the entry, then the chunks it and the page's route import, listed in this
// script's `data-app`) is requested once that first paint is on screen, so the paint never shares the
// connection or the main thread with scripts. The app then hydrates the page (main.tsx).
// Standalone: no imports, so it is one small file.
const tag = document.querySelector<HTMLScriptElement>('script[data-app]');
const [entry, ...chunks] = (tag?.dataset.app ?? '').split(' ').filter(Boolean);
let started = false;

function loadApp() {
  if (started || !entry) return;
  started = true;
  document.head.append(
    ...chunks.map((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      return link;
    }),
  );
  // In a task of its own: adding the entry can make the browser compile the modules already fetched.
  setTimeout(() => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  }, 0);
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
