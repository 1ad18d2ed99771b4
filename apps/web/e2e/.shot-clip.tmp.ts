// debug: viewport shots at scroll positions
import { launchBrowser, openPage } from '/work/main/apps/web/e2e/support/browser.ts';
const [route, width, ...ys] = process.argv.slice(2);
const browser = await launchBrowser();
const { page, errors } = await openPage(browser, 'http://127.0.0.1:3100', { width: Number(width), height: Number(width) > 800 ? 900 : 844 });
await page.goto(route!, { waitUntil: 'networkidle' });
for (const y of ys) {
  await page.evaluate((top) => window.scrollTo(0, top), Number(y));
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/clip-${Number(width)}-${y}.png` });
}
console.log(errors);
await browser.close();
