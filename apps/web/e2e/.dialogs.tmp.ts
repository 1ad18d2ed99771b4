import { launchBrowser, openPage } from './support/browser.ts';
const browser = await launchBrowser();
for (const width of [390, 1280]) {
  const { page, errors } = await openPage(browser, 'http://127.0.0.1:3100', { width, height: width > 800 ? 900 : 844 });
  await page.goto('/apps', { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/d-apps-${width}.png` });
  await page.getByRole('button', { name: 'Ver Detalhes de Vitrine Player' }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/d-app-overview-${width}.png` });
  await page.getByRole('tab', { name: 'Mídia' }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/d-app-media-${width}.png` });
  await page.getByRole('tab', { name: 'Downloads' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/d-app-downloads-${width}.png` });
  await page.getByRole('tab', { name: 'Avaliações' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/d-app-reviews-${width}.png` });
  await page.goto('/apps/ativacao', { waitUntil: 'networkidle' });
  await page.getByRole('radio', { name: 'Revendedor' }).click();
  await page.getByRole('button', { name: 'Detalhes de UniTV' }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/d-stream-${width}.png` });
  await page.getByRole('dialog').evaluate((el) => el.scrollTo(0, 10000));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/d-stream-bottom-${width}.png` });
  console.log(width, errors);
}
await browser.close();
