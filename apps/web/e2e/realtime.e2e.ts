import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from '../../api/test/database.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { startServer } from './support/server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('realtime on PostgreSQL', () => {
  it('refreshes an open page when another process changes the data, across two server instances', async () => {
    const database = `vitrine_e2e_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${database}`);
    const databaseUrl = withDatabase(adminUrl!, database);
    const env = { DATABASE_URL: databaseUrl, AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-0' };
    const first = await startServer({ env });
    const second = await startServer({ env });
    const browser = await launchBrowser();
    try {
      // Two instances share the database; the browser talks to the second. The change is made by a
      // plain client outside both servers, so only the table trigger's NOTIFY can carry it.
      const { page, context } = await openPage(browser, second.url);
      await page.goto('/sobre');
      const footer = page.getByTestId('site-footer');
      await expect.poll(() => footer.textContent()).toContain('Vitrine Streaming. Todos os direitos reservados.');

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(
        `update site_configurations set config_value = '"Texto novo, vindo de outro processo."' where section = 'footer' and config_key = 'description'`,
      );
      await client.end();

      await expect.poll(() => footer.textContent(), { timeout: 10_000 }).toContain('Texto novo, vindo de outro processo.');
      expect(page.url()).toBe(`${second.url}/sobre`);
      await context.close();
    } finally {
      await browser.close();
      await first.stop();
      await second.stop();
      await adminQuery(`drop database if exists ${database} with (force)`);
    }
  });
});
