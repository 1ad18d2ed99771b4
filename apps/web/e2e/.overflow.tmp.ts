import { launchBrowser, openPage } from './support/browser.ts';
const browser = await launchBrowser();
const { page, errors } = await openPage(browser, 'http://127.0.0.1:3100', { width: 360, height: 740 });
for (const route of ['/', '/apps', '/apps/ativacao', '/streaming', '/sobre', '/funcionalidades', '/contato', '/knowledgebase', '/docs', '/privacidade', '/termos']) {
  await page.goto(route, { waitUntil: 'networkidle' });
  const result = await page.evaluate(() => {
    const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('[class*="overflow-x-auto"]') && !el.closest('[aria-hidden="true"]'));
    return { sw: document.documentElement.scrollWidth, wide: wide.slice(0, 3).map((el) => el.tagName + '.' + (el.className?.toString?.() ?? '').slice(0, 60)) };
  });
  console.log(route, JSON.stringify(result));
}
console.log(errors);
await browser.close();
