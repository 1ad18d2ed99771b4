import { describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { startServer } from './support/server.ts';

const isEventStream = (url: string) => new URL(url).pathname === '/api/events';

describe('the realtime connection of a tab the server refuses', () => {
  it('waits between attempts instead of hammering, and connects once another tab has closed', async () => {
    // One stream per client: the second tab of the same browser is refused with 429.
    const server = await startServer({ env: { EVENT_STREAMS_PER_CLIENT: '1' } });
    const browser = await launchBrowser();
    try {
      const first = await openPage(browser, server.url);
      const firstConnected = first.page.waitForResponse((response) => isEventStream(response.url()) && response.status() === 200);
      await first.page.goto('/sobre');
      await firstConnected;

      const second = await openPage(browser, server.url);
      const answers: number[] = [];
      second.page.on('response', (response) => {
        if (isEventStream(response.url())) answers.push(response.status());
      });
      await second.page.goto('/sobre');
      // Refused, and tried again later (a browser alone never retries a refused stream).
      await expect.poll(() => answers.filter((status) => status === 429).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

      await first.context.close();
      await expect.poll(() => answers.includes(200), { timeout: 30_000 }).toBe(true);
      // A handful of attempts while refused, not a loop.
      expect(answers.filter((status) => status === 429).length).toBeLessThanOrEqual(3);
      await second.context.close();
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});
