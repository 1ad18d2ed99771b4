// Full-page screenshots of the storefront at desktop and phone widths, for visual review.
// Usage: node --import tsx apps/web/e2e/screenshots.ts http://127.0.0.1:3100 [/ /apps/ativacao ...]
// SCREENSHOT_WIDTHS=360,768,1024,1280,1440 and SCREENSHOT_DIR=/tmp/shots choose other widths and folder.
import path from 'node:path';
import { launchBrowser, openPage } from './support/browser.ts';
import { repoRoot } from './support/server.ts';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3100';
const pages = process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['/', '/apps/ativacao', '/streaming'];
const widths = process.env.SCREENSHOT_WIDTHS ? process.env.SCREENSHOT_WIDTHS.split(',').map(Number) : [1280, 390];
const outDir = process.env.SCREENSHOT_DIR ?? path.join(repoRoot, 'docs/screenshots');

const slug = (route: string) => (route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-'));

const browser = await launchBrowser();
try {
  for (const route of pages) {
    for (const width of widths) {
      const { page, context, errors } = await openPage(browser, baseUrl, { width, height: width > 800 ? 900 : 844 });
      await page.goto(route, { waitUntil: 'networkidle' });
      // A full-page capture never scrolls, so lazy images are switched to eager and awaited first.
      await page.evaluate(async () => {
        const images = [...document.querySelectorAll('img')];
        for (const image of images) image.loading = 'eager';
        await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      const file = path.join(outDir, `${slug(route)}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file, errors.length ? errors : '');
      await context.close();
    }
  }
} finally {
  await browser.close();
}
