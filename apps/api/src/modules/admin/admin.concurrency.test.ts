// Admins writing at the same moment: concurrent edits of one record are applied one after the other
// (the last write wins, whole), nothing is lost, and the audit trail has every write as an unbroken
// chain (each entry's "before" is the previous entry's "after"). Runs on PGlite and PostgreSQL.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { unique } from '../../../test/fixtures.ts';
import { providers } from '../../db/schema.ts';
import { auditLog } from '../../shared/audit/audit.tables.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';

describe('concurrent admin writes', () => {
  let t: TestApp;
  let sessions: string[];
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    // Two admin sessions, as two people with the panel open.
    sessions = [await signInAsAdmin(t.app), await signInAsAdmin(t.app)];
  });
  afterAll(() => t.close());

  const call = (session: number, method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: sessions[session % 2]! }, payload });

  it('20 simultaneous edits of one record: all succeed, the last one wins whole, and the audit chain has all 20', async () => {
    const created = await call(0, 'POST', '/api/admin/providers', { name: unique('Concorrência'), description: 'v0', phone: 'v0' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;

    // Each edit changes two fields together: a torn write would mix two edits' values.
    const edits = Array.from({ length: 20 }, (_, index) => ({ description: `v${index + 1}`, phone: `v${index + 1}` }));
    const answers = await Promise.all(edits.map((edit, index) => call(index, 'PATCH', `/api/admin/providers/${id}`, edit)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(edits.map(() => 200));

    const [row] = await t.database.db.select().from(providers).where(eq(providers.id, id));
    expect(row!.description).toBe(row!.phone);

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'providers'), eq(auditLog.recordId, id), eq(auditLog.action, 'update')))
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    expect(trail).toHaveLength(20);
    // One after the other: every edit saw the previous one's result, none was lost in between.
    const values = new Set(trail.map((entry) => (entry.after as { description: string }).description));
    expect(values.size).toBe(20);
    const byBefore = new Map(trail.map((entry) => [(entry.before as { description: string }).description, entry]));
    let current = 'v0';
    for (let step = 0; step < 20; step += 1) {
      const entry = byBefore.get(current);
      expect(entry, `a write that started from ${current}`).toBeDefined();
      current = (entry!.after as { description: string }).description;
    }
    // The record is what the last write in the chain left.
    expect(current).toBe(row!.description);
  });

  it('20 simultaneous creates: 20 rows and 20 audit entries, none lost', async () => {
    const prefix = unique('Lote');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => call(index, 'POST', '/api/admin/providers', { name: `${prefix} ${index}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const ids = answers.map((answer) => answer.json<{ id: string }>().id);
    const rows = await t.database.db.select({ id: providers.id }).from(providers);
    expect(ids.every((id) => rows.some((row) => row.id === id))).toBe(true);
    const audited = await t.database.db
      .select({ recordId: auditLog.recordId })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'providers'), eq(auditLog.action, 'create')));
    expect(ids.every((id) => audited.some((entry) => entry.recordId === id))).toBe(true);
  });
});
