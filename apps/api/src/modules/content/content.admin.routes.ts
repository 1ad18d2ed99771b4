// The admin's content: site configuration entries (every section but settings) and the contact inbox.
import { and, desc, eq, ilike, isNotNull, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NO_ROW_AFFECTED } from '@vitrine/domain/admin';
import { knownConfigValueSchema, RESERVED_CONFIG_SECTIONS } from '@vitrine/domain/content-admin';
import { adminContentContract, adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { pageOffset, toListEnvelope } from '@vitrine/domain/lists';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { likeContaining } from '../../db/search.ts';
import { adminWrite } from '../../shared/audit/audit.ts';
import { LARGE_BODY_LIMIT } from '../../plugins/body-guard.ts';
import { registerAdminResource, serializeRow } from '../admin/admin.resource.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { contactMessages, siteConfigurations } from './content.tables.ts';

/** An entry a page reads by its shape (a legal document) is refused in Portuguese when it lacks that shape. */
function checkConfigValue(section: unknown, key: unknown, value: unknown): unknown {
  const schema = knownConfigValueSchema(String(section), String(key));
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest('admin.site-config.invalid_value', parsed.error.issues[0]?.message ?? 'Valor inválido para esta chave.');
  return parsed.data;
}

export async function contentAdminRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const editable = notInArray(siteConfigurations.section, [...RESERVED_CONFIG_SECTIONS]);
  // A configuration value is up to 64 KB of JSON: written as UTF-8 or with \u escapes it can take several
  // times that, so these routes (and only these) take bodies of up to 256 KB.
  app.addHook('onRoute', (routeOptions) => {
    routeOptions.bodyLimit ??= LARGE_BODY_LIMIT;
  });

  registerAdminResource(app, db, {
    contract: adminSiteConfigContract,
    resource: 'site-config',
    table: siteConfigurations,
    scope: editable,
    searchColumns: [siteConfigurations.section, siteConfigurations.configKey],
    sortColumns: {
      section: siteConfigurations.section,
      configKey: siteConfigurations.configKey,
      createdAt: siteConfigurations.createdAt,
      updatedAt: siteConfigurations.updatedAt,
    },
    check: (record) => void checkConfigValue(record.section, record.configKey, record.configValue),
  });

  // Updating by section and key creates the entry when it is missing.
  route(app, adminContentContract.upsertConfig, {}, async (request) => {
    const actor = await adminActor(request);
    const { section, key } = request.params;
    const { isActive } = request.body;
    const value = checkConfigValue(section, key, request.body.value);
    const result = await adminWrite(db, actor, { action: 'update', resource: 'site-config' }, async (tx) => {
      const match = and(eq(siteConfigurations.section, section), eq(siteConfigurations.configKey, key));
      const [current] = await tx.select().from(siteConfigurations).where(match).for('update');
      const [row] = current
        ? await tx.update(siteConfigurations).set({ configValue: value, ...(isActive !== undefined ? { isActive } : {}) }).where(match).returning()
        : // Two first saves of one entry race: the later waits for the earlier's row and updates it (never a 500).
          await tx
            .insert(siteConfigurations)
            .values({ section, configKey: key, configValue: value, isActive: isActive ?? true })
            .onConflictDoUpdate({
              target: [siteConfigurations.section, siteConfigurations.configKey],
              set: { configValue: value, ...(isActive !== undefined ? { isActive } : {}), updatedAt: new Date() },
            })
            .returning();
      if (!row) return null;
      return { recordId: row.id, before: current ? serializeRow(current) : null, after: serializeRow(row) };
    });
    if (!result) throw notFound('admin.site-config.not_found', NO_ROW_AFFECTED.update);
    return result.after as never;
  });

  route(app, adminContentContract.listContactMessages, {}, async (request) => {
    const { page, pageSize, search, unread } = request.query;
    const filters: (SQL | undefined)[] = [unread === undefined ? undefined : unread ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt)];
    if (search) {
      const pattern = likeContaining(search);
      filters.push(or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern), ilike(contactMessages.subject, pattern), ilike(contactMessages.message, pattern)));
    }
    const where = and(...filters);
    const [rows, total] = await Promise.all([
      db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(pageSize).offset(pageOffset({ page, pageSize })),
      db.$count(contactMessages, where),
    ]);
    return toListEnvelope(rows.map((row) => serializeRow(row)), total, { page, pageSize }) as never;
  });

  route(app, adminContentContract.markContactMessage, {}, async (request) => {
    const actor = await adminActor(request);
    const { id } = request.params;
    const result = await adminWrite(db, actor, { action: 'update', resource: 'contact-messages' }, async (tx) => {
      const [current] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
      if (!current) return null;
      const readAt = request.body.read ? (current.readAt ?? new Date()) : null;
      const [row] = await tx.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id)).returning();
      return { recordId: id, before: serializeRow(current), after: serializeRow(row!) };
    });
    if (!result) throw notFound('admin.contact-messages.not_found', NO_ROW_AFFECTED.update);
    return result.after as never;
  });
}
