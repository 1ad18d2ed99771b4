// The only script a prerendered page names in its HTML. The page paints from its HTML and stylesheet
// alone; the app's code (the entry, then the chunks it and the page's route import, listed in this
// script's `data-app`) is requested once that first paint is on screen, so the paint never shares the
// connection or the main thread with scripts. The app then hydrates the page (main.tsx).
// Until it does, this script keeps what the visitor does with the page (below).
// Standalone: no imports, so it is one small file.

// What the visitor does before the app is alive is kept and acted on once it is. Text typed stays in
// its field, but React's state does not know it: once the app has hydrated the page, each field typed
// in tells the app its text as typing would. What only the app can answer (a tap on a button, a box
// ticked, a form sent, Enter in a message field) is held here, without its default (a form would go
// to the server and the page reload, its text lost), and done again, in order, on the same elements
// (main.tsx calls `replay`). Links are left to the browser: they lead to their page by themselves.
// The page is `inert` in its HTML until this runs.
type Held = { kind: 'tap' | 'send' | 'enter' | 'choose'; target: Element; path: number[]; pointerType: string };
const root = document.getElementById('root');
const held: Held[] = [];
/** Fields typed in, with where they are. */
const typedIn = new Map<HTMLInputElement | HTMLTextAreaElement, number[]>();
/** Controls whose action is the app's (a link and a text field work by themselves). */
const ACTIONS = 'button, [role="button"], [role="tab"], [role="switch"], [role="menuitem"], [role="option"], input[type="checkbox"], input[type="radio"]';
const WATCHED = ['click', 'submit', 'keydown', 'input', 'change'] as const;

/** Where an element is under the root, to find it again should React have replaced it. */
function pathOf(element: Element): number[] {
  const path: number[] = [];
  for (let node = element; node !== root && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function find({ target, path }: Pick<Held, 'target' | 'path'>): Element | null {
  if (target.isConnected) return target;
  let node: Element | null = root;
  for (const index of path) node = node?.children[index] ?? null;
  return node?.tagName === target.tagName ? node : null;
}

/** The action an event asks of the app, if any: the element it acts on and how to do it again. */
function actionOf(event: Event, target: Element): [Held['kind'], Element] | null {
  if (event.type === 'submit') return ['send', target];
  if (event.type === 'change') return target instanceof HTMLSelectElement ? ['choose', target] : null;
  if (event.type === 'keydown') {
    const key = event as KeyboardEvent;
    if (key.key !== 'Enter' || key.shiftKey || key.altKey || key.ctrlKey || key.metaKey || key.isComposing) return null;
    // Enter in a form's single-line field sends the form (held as 'send'); elsewhere the app answers it.
    const field = target.closest('textarea, input');
    return field && !(field instanceof HTMLInputElement && field.form) ? ['enter', field] : null;
  }
  const control = target.closest(ACTIONS);
  if (!control || control.closest('a[href]') || (control as HTMLButtonElement).disabled) return null;
  return ['tap', control];
}

function hold(event: Event) {
  if (!root?.hasAttribute('data-prerendered')) return;
  const target = event.target instanceof Element && root.contains(event.target) ? event.target : null;
  if (!target) return;
  if (event.type === 'input') {
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) typedIn.set(target, pathOf(target));
    return;
  }
  const action = actionOf(event, target);
  if (!action) return;
  const [kind, element] = action;
  // A select keeps its choice (nothing to undo); everything else waits for the app.
  if (kind !== 'choose') event.preventDefault();
  event.stopPropagation();
  const last = held[held.length - 1];
  // An impatient second send of the same form is one send.
  if ((kind === 'send' || kind === 'enter') && last?.kind === kind && last.target === element) return;
  held.push({ kind, target: element, path: pathOf(element), pointerType: (event as PointerEvent).pointerType || 'mouse' });
}

/** A tap as the app's components listen for it: some open on pointer down, most act on click. */
function tap(element: HTMLElement, pointerType: string) {
  const pointer = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerId: 1, pointerType };
  element.dispatchEvent(new PointerEvent('pointerdown', pointer));
  element.dispatchEvent(new MouseEvent('mousedown', pointer));
  element.focus({ preventScroll: true });
  element.dispatchEvent(new PointerEvent('pointerup', pointer));
  element.dispatchEvent(new MouseEvent('mouseup', pointer));
  element.click();
}

/**
 * Tells the app a field's text as typing would. React took the field over with the text in it and
 * believes that is its own value: the field is set back to its value in the page through React's own
 * setter, then to the typed text through the element's, and an input event follows.
 */
function tellTyped(field: HTMLInputElement | HTMLTextAreaElement) {
  const typed = field.value;
  if (typed === field.defaultValue) return;
  const ownSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  field.value = field.defaultValue;
  ownSetter?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Called by the app once it has hydrated the page: does again what the visitor did before. */
function replay() {
  for (const type of WATCHED) document.removeEventListener(type, hold, true);
  for (const [field, path] of typedIn) {
    const now = find({ target: field, path });
    if (now instanceof HTMLInputElement || now instanceof HTMLTextAreaElement) tellTyped(now);
  }
  typedIn.clear();
  for (const action of held.splice(0)) {
    const element = find(action);
    if (!(element instanceof HTMLElement)) continue;
    if (action.kind === 'tap') tap(element, action.pointerType);
    else if (action.kind === 'send' && element instanceof HTMLFormElement) element.requestSubmit();
    else if (action.kind === 'choose') element.dispatchEvent(new Event('change', { bubbles: true }));
    else element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
  }
}

if (root?.hasAttribute('data-prerendered')) {
  for (const type of WATCHED) document.addEventListener(type, hold, true);
  (window as unknown as { vitrineReplayEarlyInput?: () => void }).vitrineReplayEarlyInput = replay;
  root.removeAttribute('inert');
}
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
