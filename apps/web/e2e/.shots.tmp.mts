import { startReceiver } from '../../api/test/webhook-receiver.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { adminCaller, adminCookie, startServer } from './support/server.ts';

const server = await startServer();
const base = server.url;
const call = adminCaller(base, await adminCookie(base));
const failing = await startReceiver(() => ({ status: 503, headers: { 'retry-after': '1' } }));
await call('POST', '/api/admin/shortcuts', { name: 'Chamar atendente', type: 'webhook', webhookUrl: failing.url, payload: {}, active: true });
const browser = await launchBrowser();
const report: string[] = [];
for (const width of [360, 768, 1024, 1280, 1440]) {
  for (const path of ['/', '/sobre', '/funcionalidades', '/streaming', '/contato', '/apps']) {
    const { page, context, errors } = await openPage(browser, base, { width, height: 900 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    const name = path === '/' ? 'home' : path.slice(1);
    await page.screenshot({ path: `/tmp/chat-shots/${name}-${width}.png`, fullPage: path !== '/streaming' });
    if (path === '/apps') {
      await page.getByRole('button', { name: /^Ver Detalhes de / }).first().click();
      await page.getByRole('dialog').getByRole('tab', { name: 'Downloads' }).click();
      await page.getByTestId('demo-package').first().waitFor();
      await page.screenshot({ path: `/tmp/chat-shots/apps-download-${width}.png` });
    }
    report.push(`${width} ${path} overflow=${overflow} errors=${JSON.stringify(errors)}`);
    await context.close();
  }
  // the chat: a failed shortcut run and the PIX dialog
  const { page, context, errors } = await openPage(browser, base, { width, height: width === 360 ? 740 : 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/chat?intent=plano&plano=Family&periodo=semestral');
  await page.getByRole('button', { name: 'Pagar R$ 270,00 com PIX' }).waitFor({ timeout: 20000 });
  const bar = page.getByRole('group', { name: 'Atalhos' });
  await bar.getByRole('button', { name: 'Chamar atendente' }).click();
  const run = page.getByTestId('shortcut-run').last();
  await run.waitFor();
  await page.screenshot({ path: `/tmp/chat-shots/chat-queued-${width}.png` });
  for (let i = 0; i < 60 && (await run.getAttribute('data-status')) !== 'failed'; i++) await page.waitForTimeout(500);
  await page.waitForTimeout(500);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  await page.screenshot({ path: `/tmp/chat-shots/chat-failed-${width}.png` });
  await page.getByRole('button', { name: 'Pagar R$ 270,00 com PIX' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Copiar código PIX' }).click();
  await page.screenshot({ path: `/tmp/chat-shots/chat-pix-${width}.png` });
  report.push(`${width} /chat overflow=${overflow} status=${await run.getAttribute('data-status')} errors=${JSON.stringify(errors)}`);
  await context.close();
}
// mobile menu
const { page, context } = await openPage(browser, base, { width: 360, height: 740 });
await page.goto('/');
await page.getByRole('button', { name: 'Abrir menu' }).click();
await page.getByRole('navigation', { name: 'Navegação móvel' }).waitFor();
await page.waitForTimeout(400);
await page.screenshot({ path: '/tmp/chat-shots/menu-360.png' });
await context.close();
console.log(report.join('\n'));
await browser.close();
await failing.close();
await server.stop();
