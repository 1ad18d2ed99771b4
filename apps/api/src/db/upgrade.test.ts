// An upgrade from release 5306690 keeps the shop: its database (test/fixtures/release-5306690.sql, made
// with that release's own server, see its header) is loaded into an empty database of the kind under test
// and opened by this release, which migrates it and seeds as a start does. Every old row stays, the shop's
// PIX moves from site configuration 'payments' / 'pix' to the settings (migration 0014), the PIX that
// release offered are pending payments an admin can mark received, and the demo reseller plans that
// release wrote without a modalidade get this release's (migration 0017), so a price-only edit passes.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatExchange } from '@vitrine/domain/chat';
import type { AdminPayment } from '@vitrine/domain/payments';
import { normalizePixKey, parseBrCode, pixText } from '@vitrine/domain/pix';
import { resellerPlanCreateSchema, type AdminResellerPlan } from '@vitrine/domain/resellers-admin';
import { SETTINGS } from '@vitrine/domain/settings';
import { buildTestApp, testEnv, type TestApp } from '../../test/app.ts';
import { createTestDatabase, tempDir, testAdminUrl, testDbKind, withDatabase, type TestDatabase } from '../../test/database.ts';
import { scratchRoot } from '../../test/scratch.ts';
import { sessionCookie, signIn } from '../modules/access/access.test-support.ts';
import { newVisitor, ORIGIN } from '../modules/chat/chat.test-support.ts';
import { createSettings } from '../shared/settings.ts';
import { resolveShopPix } from '../shared/shop-pix.ts';
import { createDiskStorage } from '../shared/storage/disk-storage.ts';
import { migrationsFolder, migrationState, openDatabase } from './client.ts';
import { PGLITE_EXTENSIONS } from './data-dir.ts';
import { seedDatabase } from './seed.ts';

const FIXTURE = fs.readFileSync(fileURLToPath(new URL('../../test/fixtures/release-5306690.sql', import.meta.url)), 'utf8');
/** What the shop owner set in that release's site configuration 'payments' / 'pix'. */
const SHOP_PIX = { key: 'financeiro@lojaexemplo.com.br', recipient: 'Loja Exemplo', city: 'Curitiba' };
/** That release's demo key: demo payment data never receives money. */
const OLD_DEMO_KEY = 'pagamentos@vitrine.com.br';
/** The administrator the fixture's server was started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
const OLD_ADMIN = { email: 'dono@lojaexemplo.com.br', password: 'senha-forte-123' };
const MIGRATION = fs.readFileSync(path.join(migrationsFolder, '0014_carry_old_pix.sql'), 'utf8').split('--> statement-breakpoint');
const DEMO_MODALIDADE_MIGRATION = fs.readFileSync(path.join(migrationsFolder, '0017_demo_reseller_modalidade.sql'), 'utf8');
/**
 * What the shop did with that release's reseller plans: one plan of its own, without a modalidade (that
 * release did not require one), and a demo plan given one; migration 0017 leaves both as they are.
 */
const SHOP_RESELLER_EDITS = [
  `insert into reseller_plans (name, type, description, credits, price) values ('Revenda da Loja', 'prepaid', 'Plano da própria loja', 10, 25)`,
  `update reseller_plans set modalidade_plano = 'single' where name = 'Mensal 100 créditos'`,
];
/** The demo reseller plans migration 0017 gives a modalidade, and which. */
const DEMO_MODALIDADES: Record<string, string> = {
  'Mensal 50 créditos': 'pre_pago',
  'Mensal 150 créditos': 'pre_pago',
  'Mensal 200 créditos': 'pre_pago',
  'Clientes Ativos 5': 'pos_pago',
  'Clientes Ativos 10': 'pos_pago',
  'Clientes Ativos 20': 'pos_pago',
};

type Row = Record<string, unknown>;
type Query = (text: string) => Promise<Row[]>;

/** Every row of every table (public and drizzle), by table and primary key. */
type Snapshot = Map<string, Map<string, Row>>;

async function snapshot(query: Query): Promise<Snapshot> {
  const tables = await query(`
    select format('%I.%I', c.table_schema, c.table_name) as name,
      (select json_agg(a.attname order by a.attnum) from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = format('%I.%I', c.table_schema, c.table_name)::regclass and i.indisprimary) as key
    from information_schema.tables c
    where c.table_schema in ('public', 'drizzle') and c.table_type = 'BASE TABLE'`);
  const result: Snapshot = new Map();
  for (const table of tables) {
    const key = table.key as string[] | null;
    if (!key) throw new Error(`${String(table.name)} sem chave primária`);
    const rows = await query(`select to_jsonb(t) as row from ${String(table.name)} t`);
    result.set(String(table.name), new Map(rows.map(({ row }) => [JSON.stringify(key.map((column) => (row as Row)[column])), row as Row])));
  }
  return result;
}

interface OldShop {
  database: TestDatabase;
  /** Every row before this release's migrations. */
  before: Snapshot;
  /** What this release's start wrote (seedDatabase's answer). */
  seeded: { defaults: boolean; demo: boolean };
}

// PGlite: one empty data directory per file (PGlite.create: initdb, about 4 s), copied for each shop.
let emptyPglite: string | undefined;
async function emptyPgliteCopy(): Promise<string> {
  if (!emptyPglite) {
    emptyPglite = fs.mkdtempSync(path.join(scratchRoot, 'vitrine-empty-pglite-'));
    const client = await PGlite.create(path.join(emptyPglite, 'pglite'), { extensions: PGLITE_EXTENSIONS });
    await client.close();
  }
  const dataDir = fs.mkdtempSync(path.join(scratchRoot, 'vitrine-upgrade-'));
  fs.cpSync(path.join(emptyPglite, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/**
 * The fixture in an empty database of the kind under test, changed by `edit` (plain SQL, as that release
 * would have left it), then opened by this release: migrated, and seeded as server.ts seeds at a start.
 */
async function oldShop(edit: string[] = []): Promise<OldShop> {
  let before: Snapshot;
  let database: TestDatabase;
  if (testDbKind() === 'pglite') {
    const dataDir = await emptyPgliteCopy();
    const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
    try {
      await client.exec(FIXTURE);
      // pg_dump's file empties the search path for its session.
      await client.exec('reset search_path');
      for (const statement of edit) await client.exec(statement);
      before = await snapshot(async (text) => (await client.query<Row>(text)).rows);
    } finally {
      await client.close();
    }
    const handle = await openDatabase({ dataDir });
    database = {
      ...handle,
      async close() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } else {
    const adminUrl = testAdminUrl();
    const name = `vitrine_upgrade_${randomBytes(6).toString('hex')}`;
    const run = async (url: string, work: (client: pg.Client) => Promise<void>) => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        await work(client);
      } finally {
        await client.end();
      }
    };
    await run(adminUrl, (client) => client.query(`create database ${name}`).then(() => undefined));
    const url = withDatabase(adminUrl, name);
    let taken: Snapshot | undefined;
    await run(url, async (client) => {
      await client.query(FIXTURE);
      await client.query('reset search_path');
      for (const statement of edit) await client.query(statement);
      taken = await snapshot(async (text) => (await client.query<Row>(text)).rows);
    });
    before = taken!;
    const handle = await openDatabase({ databaseUrl: url, poolSize: 5 });
    database = {
      ...handle,
      url,
      async close() {
        await handle.close();
        await run(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`).then(() => undefined));
      },
    };
  }
  const storageDir = tempDir();
  const storage = await createDiskStorage({ root: path.join(storageDir, 'uploads') });
  try {
    const seeded = await seedDatabase(database, { demo: database.kind === 'pglite' ? 'first-start' : false, storage });
    return { database, before, seeded };
  } catch (error) {
    await database.close();
    throw error;
  } finally {
    await storage.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}

const query =
  (database: TestDatabase): Query =>
  async (text) =>
    (await database.db.execute(sql.raw(text))).rows as Row[];

/** The settings' rows the shop's PIX is read from, by key (only those present). */
async function pixSettings(database: TestDatabase) {
  const rows = await query(database)(
    `select config_key, config_value, is_active from site_configurations where section = 'settings' and config_key like 'pix\\_%' order by config_key`,
  );
  expect(rows.every((row) => row.is_active === true)).toBe(true);
  return Object.fromEntries(rows.map((row) => [row.config_key, row.config_value]));
}

const shopPix = (database: TestDatabase) => resolveShopPix(createSettings({ db: database.db, env: testEnv() }));

afterAll(() => {
  if (emptyPglite) fs.rmSync(emptyPglite, { recursive: true, force: true });
});

describe('an upgrade from 5306690', { timeout: 180_000 }, () => {
  let shop: OldShop;
  let t: TestApp;
  beforeAll(async () => {
    shop = await oldShop(SHOP_RESELLER_EDITS);
    t = await buildTestApp({ database: shop.database });
  }, 180_000);
  afterAll(() => t?.close());

  it('keeps every row of every table of that release, unchanged but for the columns added since and the demo plans’ modalidade', async () => {
    const after = await snapshot(query(shop.database));
    expect(shop.before.get('public.chat_payment_intents')?.size).toBe(3);
    const missing: string[] = [];
    const changed: string[] = [];
    const filled: string[] = [];
    for (const [table, rows] of shop.before) {
      const now = after.get(table);
      for (const [key, old] of rows) {
        const row = now?.get(key);
        if (!row) {
          missing.push(`${table} ${key}`);
          continue;
        }
        // A demo reseller plan without a modalidade gets one (migration 0017): a new version of it, nothing else.
        const demoFilled = table === 'public.reseller_plans' && old.modalidade_plano === null && row.modalidade_plano !== null;
        if (demoFilled) filled.push(`${String(row.name)}: ${String(row.modalidade_plano)}`);
        const kept = Object.keys(old).filter((column) => !demoFilled || (column !== 'modalidade_plano' && column !== 'updated_at'));
        if (JSON.stringify(kept.map((column) => row[column])) !== JSON.stringify(kept.map((column) => old[column]))) changed.push(`${table} ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(changed).toEqual([]);
    expect(filled.sort()).toEqual(
      Object.entries(DEMO_MODALIDADES)
        .map(([name, modalidade]) => `${name}: ${modalidade}`)
        .sort(),
    );
    const migrations = await migrationState(shop.database.db);
    expect(migrations).toMatchObject({ applied: migrations.expected, pending: 0 });
    // Site configuration whole: the old 'payments' / 'pix' row is still there, as the owner left it.
    const configurations = after.get('public.site_configurations')!;
    const oldConfigurations = shop.before.get('public.site_configurations')!;
    for (const [key, old] of oldConfigurations) expect(configurations.get(key)).toEqual(old);
    // Added: the shop's PIX settings, and the marker of this release's defaults (its start wrote no default over the shop's).
    const added = [...configurations].filter(([key]) => !oldConfigurations.has(key)).map(([, row]) => `${String(row.section)}/${String(row.config_key)}`);
    expect(added.sort()).toEqual(['settings/pix_city', 'settings/pix_key', 'settings/pix_recipient', 'system/defaults_written_at']);
    expect([...configurations.values()].find((row) => row.section === 'payments' && row.config_key === 'pix')).toMatchObject({
      config_value: SHOP_PIX,
      is_active: true,
    });
    // The demo was that release's, and this start did not write it again.
    expect(shop.seeded.demo).toBe(false);
  });

  it('moves the shop’s PIX to the settings, as the settings validation would store it', async () => {
    expect(await pixSettings(shop.database)).toEqual({ pix_city: SHOP_PIX.city, pix_key: SHOP_PIX.key, pix_recipient: SHOP_PIX.recipient });
    expect(SETTINGS.pix_key.schema.parse(SHOP_PIX.key)).toBe(SHOP_PIX.key);
    expect(SETTINGS.pix_recipient.schema.parse(SHOP_PIX.recipient)).toBe(SHOP_PIX.recipient);
    expect(SETTINGS.pix_city.schema.parse(SHOP_PIX.city)).toBe(SHOP_PIX.city);
    // The settings that release had are the admin's still.
    const admin = await signInAsOldAdmin(t);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: admin } })).json() as {
      key: string;
      source: string;
      value: string;
    }[];
    expect(settings.filter((setting) => setting.source === 'admin').map(({ key, value }) => [key, value])).toEqual([
      ['contact_email', 'contato@lojaexemplo.com.br'],
      ['tmdb_api_key', '••••3456'],
      ['llm_model', 'gpt-4o-mini'],
      ['llm_instructions', 'Responda sempre com cordialidade e cite a Loja Exemplo.'],
      ['pix_key', SHOP_PIX.key],
      ['pix_recipient', SHOP_PIX.recipient],
      ['pix_city', SHOP_PIX.city],
    ]);
  });

  it('a returning customer choosing a plan gets a PIX to the shop’s key at once, pending in Pagamentos', async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    const response = await visitor.say({ intent: { kind: 'plan', plan: 'Premium', period: 'annual' } });
    expect(response.statusCode, response.body).toBe(200);
    const { reply } = response.json() as ChatExchange;
    expect(reply.pix, reply.content).not.toBeNull();
    const parsed = parseBrCode(reply.pix!.brCode);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.fields.get('26')).toContain(`01${String(SHOP_PIX.key.length).padStart(2, '0')}${SHOP_PIX.key}`);
    expect(parsed.fields.get('54')).toBe('450.00');
    expect(parsed.fields.get('59')).toBe('LOJA EXEMPLO');
    expect(parsed.fields.get('60')).toBe('CURITIBA');
    const [payment] = await query(shop.database)(`select provider, status from payments where payment_intent_id = '${reply.pix!.paymentIntentId}'`);
    expect(payment).toEqual({ provider: 'static', status: 'created' });
  });

  it('shows each PIX that release offered as a pending static payment, which an admin marks received', async () => {
    const admin = await signInAsOldAdmin(t);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/payments?pageSize=100', headers: { cookie: admin } });
    expect(list.statusCode, list.body).toBe(200);
    const items = (list.json() as { items: AdminPayment[] }).items;
    const intents = [...shop.before.get('public.chat_payment_intents')!.values()];
    for (const intent of intents) {
      const payment = items.find((item) => item.paymentIntentId === intent.id);
      expect(payment, `pagamento da oferta ${String(intent.id)}`).toMatchObject({
        status: 'created',
        provider: 'static',
        manual: false,
        amount: intent.amount,
        kind: intent.kind,
        itemName: intent.item_name,
        conversationId: intent.conversation_id,
        txid: intent.txid,
        expiresAt: null,
        paidAt: null,
      });
      expect(Date.parse(payment!.createdAt)).toBe(Date.parse(String(intent.created_at)));
    }
    const [brCodes] = await query(shop.database)(
      `select bool_and(p.br_code = i.br_code) as same from payments p join chat_payment_intents i on i.id = p.payment_intent_id`,
    );
    expect(brCodes).toEqual({ same: true });

    const old = items.find((item) => item.paymentIntentId === intents[0]!.id)!;
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${old.id}/received`,
      headers: { cookie: admin, origin: ORIGIN },
      payload: {},
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json() as AdminPayment).toMatchObject({ id: old.id, status: 'paid', manual: true, markedBy: OLD_ADMIN.email });
  });

  it('gives the demo reseller plans that release wrote a modalidade, so changing only a price passes the plan form; the shop’s own plans stay as they were', async () => {
    const rows = await query(shop.database)(`select name, modalidade_plano from reseller_plans order by name`);
    expect(Object.fromEntries(rows.map((row) => [row.name, row.modalidade_plano]))).toEqual({
      ...DEMO_MODALIDADES,
      'Mensal 100 créditos': 'single',
      'Revenda da Loja': null,
    });
    const admin = await signInAsOldAdmin(t);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reseller-plans?search=${encodeURIComponent('Mensal 50')}`,
      headers: { cookie: admin },
    });
    const { id, createdAt: _createdAt, updatedAt, ...values } = (listed.json() as { items: AdminResellerPlan[] }).items[0]!;
    // The admin's row form checks the whole plan with the create schema: with only the price changed it passes now.
    expect(resellerPlanCreateSchema.safeParse({ ...values, price: 125 }).error?.issues).toBeUndefined();
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reseller-plans/${id}`,
      headers: { cookie: admin, origin: ORIGIN },
      payload: { price: 125, expectedUpdatedAt: updatedAt },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ price: 125, modalidadePlano: 'pre_pago' });
    // Run again, migration 0017 changes nothing.
    const versions = async () => query(shop.database)(`select id, modalidade_plano, updated_at from reseller_plans order by id`);
    const before = await versions();
    await shop.database.db.execute(sql.raw(DEMO_MODALIDADE_MIGRATION));
    expect(await versions()).toEqual(before);
  });

  it('run again, the migration adds nothing', async () => {
    const count = async () =>
      (
        await query(shop.database)(`select (select count(*) from payments)::int as payments, (select count(*) from site_configurations)::int as configurations`)
      )[0];
    const counted = await count();
    await shop.database.db.transaction(async (tx) => {
      for (const statement of MIGRATION) await tx.execute(sql.raw(statement));
    });
    expect(await count()).toEqual(counted);
  });
});

async function signInAsOldAdmin(t: TestApp): Promise<string> {
  // The account and password hash of that release sign in as they did.
  const response = await signIn(t.app, OLD_ADMIN.email, OLD_ADMIN.password);
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response);
}

describe('an upgrade from 5306690 whose PIX is not the shop’s own', { timeout: 180_000 }, () => {
  it('the old demo key is not carried: no PIX until the shop sets its key', async () => {
    const { database } = await oldShop([
      `update site_configurations set config_value = jsonb_set(config_value, '{key}', '"${OLD_DEMO_KEY}"') where section = 'payments' and config_key = 'pix'`,
    ]);
    try {
      expect(await pixSettings(database)).toEqual({});
      expect(await shopPix(database)).toBeNull();
      // The owner's row stays.
      const [old] = await query(database)(`select config_value from site_configurations where section = 'payments' and config_key = 'pix'`);
      expect(old).toEqual({ config_value: { ...SHOP_PIX, key: OLD_DEMO_KEY } });
    } finally {
      await database.close();
    }
  });

  it('a PIX key already in the settings is kept; the name and city not set are carried', async () => {
    const { database } = await oldShop([
      `insert into site_configurations (section, config_key, config_value) values ('settings', 'pix_key', '"nova@lojaexemplo.com.br"')`,
    ]);
    try {
      expect(await pixSettings(database)).toEqual({ pix_key: 'nova@lojaexemplo.com.br', pix_recipient: SHOP_PIX.recipient, pix_city: SHOP_PIX.city });
      expect(await shopPix(database)).toEqual({ key: 'nova@lojaexemplo.com.br', recipient: SHOP_PIX.recipient, city: SHOP_PIX.city });
    } finally {
      await database.close();
    }
  });

  it('without site configuration PIX, the first active PIX shortcut that release paid into is carried (a long name in its BR Code form)', async () => {
    const recipient = 'Comércio de Serviços Digitais de Streaming e Entretenimento da Família Silva Ltda';
    const { database } = await oldShop([
      `update site_configurations set is_active = false where section = 'payments' and config_key = 'pix'`,
      `update shortcuts set pix_data = '${JSON.stringify({ key: ' 11.222.333/0001-81 ', value: 35, recipient, city: 'São José dos Pinhais', description: 'Plano' })}' where type = 'pix'`,
    ]);
    try {
      expect(recipient.length).toBeGreaterThan(60);
      const carried = { pix_key: '11222333000181', pix_recipient: 'COMERCIO DE SERVICOS DIGI', pix_city: 'São José dos Pinhais' };
      expect(await pixSettings(database)).toEqual(carried);
      expect(carried.pix_recipient).toBe(pixText(recipient, 25));
      for (const [key, value] of Object.entries(carried)) expect(SETTINGS[key as keyof typeof SETTINGS].schema.parse(value)).toBe(value);
    } finally {
      await database.close();
    }
  });
});

describe('migration 0014’s key and name rules are the domain’s', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    for (const statement of MIGRATION.filter((text) => text.includes('CREATE FUNCTION'))) await database.db.execute(sql.raw(statement));
  });
  afterAll(() => database.close());

  const one = async (text: SQL) => Object.values((await database.db.execute(text)).rows[0] as Row)[0];
  const sqlKey = (value: string) => one(sql`select vitrine_0014_pix_key(${value})`);
  const sqlText = (value: string, max: number) => one(sql`select vitrine_0014_pix_text(${value}, ${max})`);
  /** What the 'pix_key' setting stores for a value, or null when it refuses it. */
  const settingKey = (value: string) => {
    const parsed = SETTINGS.pix_key.schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };

  it('normalizes a key as the pix_key setting does, and refuses what it refuses', async () => {
    const keys = [
      SHOP_PIX.key,
      '  Financeiro@LojaExemplo.COM.br ',
      '+55 (41) 99999-1234',
      '+55 41 3333-1234',
      '+1 555 123 4567',
      '529.982.247-25',
      '52998224725',
      '111.111.111-11',
      '11.222.333/0001-81',
      '11.222.333/0001-82',
      'E2A4F1C0-1234-4ABC-8DEF-0123456789AB',
      'x@y',
      '\u00a0fin@loja.com\u2003',
      '41 99999-1234',
      '',
      ' ',
    ];
    for (const key of keys) expect(await sqlKey(key), key).toBe(settingKey(key));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.emailAddress(), fc.stringMatching(/^\+?[0-9 ()./-]{8,20}$/), fc.uuid(), fc.string({ unit: 'binary' })),
        async (raw) => {
          const key = raw.replaceAll('\u0000', '');
          expect(await sqlKey(key), key).toBe(settingKey(key));
        },
      ),
      { numRuns: 300 },
    );
    expect(normalizePixKey(OLD_DEMO_KEY)?.key).toBe(OLD_DEMO_KEY);
  });

  it('writes a name and a city as the BR Code does', async () => {
    for (const text of ['São Paulo', 'Açaí & Cia. Ltda — Matriz', '  muitos   espaços  ', 'emoji 😀 no nome', 'a^b`c¨d´e', 'x'.repeat(80)]) {
      for (const max of [25, 15]) expect(await sqlText(text, max), text).toBe(pixText(text, max));
    }
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^[A-Za-zÀ-ÿ .,&'-]{0,70}$/)), async (raw) => {
        const text = raw.replaceAll('\u0000', '');
        expect(await sqlText(text, 25), text).toBe(pixText(text, 25));
      }),
      { numRuns: 300 },
    );
  });
});
