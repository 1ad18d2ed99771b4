// Debian's Chromium driven by playwright-core (never a downloaded browser).
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

/**
 * Debian's `chromium-headless-shell` (the same Blink and V8 as its `chromium`, without the desktop browser
 * around them): a page load here costs 1.35 s of the machine's CPU in it against 4.19 s in `chromium --headless`
 * (docs/decisions/0018-browser-tests-in-the-headless-shell.md). `CHROMIUM_PATH` names another.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export function assertChromium() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium não encontrado em ${CHROMIUM_PATH}. Instale com: apt-get install -y chromium-headless-shell`);
  }
}

/** `extraArgs`: flags a suite needs on top of the fixed ones (a fake microphone, for example). */
export async function launchBrowser({ extraArgs = [] }: { extraArgs?: string[] } = {}): Promise<Browser> {
  assertChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * A list for the contexts a test opens, closed when that test ends (call it inside the `describe`). A page
 * left open keeps its event stream and fetches its lists again at every later test's write, so a file's
 * last tests would pay for all the pages before them (admin.e2e: 90 → 67 s).
 */
export function closedAfterEachTest(): BrowserContext[] {
  const opened: BrowserContext[] = [];
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close().catch(() => undefined);
  });
  return opened;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

export async function openPage(browser: Browser, baseURL: string, options: { width?: number; height?: number } = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = await context.newPage();
  appAliveAfterNavigation(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/**
 * A public page shows (and takes taps and typing, held by boot.ts) before its app is alive; a test of the
 * app's behaviour acts once it is, as a visitor who waited would. `goto` and `reload` resolve when the
 * prerendered page has been hydrated (at once for the other pages). `waitUntil: 'commit'` opts out: the
 * tests of the first seconds themselves (first-input.e2e.ts, shell.e2e.ts) act before.
 */
function appAliveAfterNavigation(page: Page) {
  const alive = () => page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await alive();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await alive();
    return response;
  };
}
