// The admin's content: site configuration entries (every section but settings) and the contact inbox.
import type { FastifyInstance } from 'fastify';
import { NO_ROW_AFFECTED } from '@vitrine/domain/admin';
import { knownConfigValueSchema } from '@vitrine/domain/content-admin';
import { adminContentContract, adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { toListEnvelope } from '@vitrine/domain/lists';
import type { Database } from '../../db/client.ts';
import { LARGE_BODY_LIMIT } from '../../plugins/body-guard.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { adminWrite } from '../../shared/audit/audit.ts';
import { staleEdit, versionRequired } from '../../shared/edit-version.ts';
import { badRequest, notFound } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { registerAdminResource, serializeRow } from '../admin/admin.resource.ts';
import { createContentRepository, siteConfigAdminTable } from './content.repository.ts';

/** An entry a page reads by its shape (a legal document) is refused in Portuguese when it lacks that shape. */
function checkConfigValue(section: unknown, key: unknown, value: unknown): unknown {
  const schema = knownConfigValueSchema(String(section), String(key));
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest('admin.site-config.invalid_value', parsed.error.issues[0]?.message ?? 'Valor inválido para esta chave.');
  return parsed.data;
}

export async function contentAdminRoutes(app: FastifyInstance, { db }: { db: Database }) {
  // A configuration value is up to 64 KB of JSON: written as UTF-8 or with \u escapes it can take several
  // times that, so these routes (and only these) take bodies of up to 256 KB.
  app.addHook('onRoute', (routeOptions) => {
    routeOptions.bodyLimit ??= LARGE_BODY_LIMIT;
  });

  registerAdminResource(app, db, {
    contract: adminSiteConfigContract,
    resource: 'site-config',
    ...siteConfigAdminTable,
    check: (record) => void checkConfigValue(record.section, record.configKey, record.configValue),
  });

  // Updating by section and key creates the entry when it is missing.
  route(app, adminContentContract.upsertConfig, {}, async (request) => {
    const { section, key } = request.params;
    const { isActive, expectedUpdatedAt } = request.body;
    const value = checkConfigValue(section, key, request.body.value);
    if (expectedUpdatedAt === undefined) throw versionRequired();
    const actor = await adminActor(request);
    const result = await adminWrite(db, actor, { action: 'update', resource: 'site-config' }, async (tx) => {
      const written = await createContentRepository(tx).upsertConfig({ section, key, value, isActive, expectedUpdatedAt });
      if (written.stale) throw staleEdit('site-config', written.current ? serializeRow(written.current) : null, 'value');
      const { current, row } = written;
      return { recordId: row.id, before: current ? serializeRow(current) : null, after: serializeRow(row) };
    });
    if (!result) throw notFound('admin.site-config.not_found', NO_ROW_AFFECTED.update);
    return result.after as never;
  });

  route(app, adminContentContract.listContactMessages, {}, async (request) => {
    const { page, pageSize } = request.query;
    const { rows, total } = await createContentRepository(db).listContactMessages(request.query);
    return toListEnvelope(
      rows.map((row) => serializeRow(row)),
      total,
      { page, pageSize },
    ) as never;
  });

  route(app, adminContentContract.markContactMessage, {}, async (request) => {
    const actor = await adminActor(request);
    const { id } = request.params;
    const result = await adminWrite(db, actor, { action: 'update', resource: 'contact-messages' }, async (tx) => {
      const marked = await createContentRepository(tx).markContactMessage(id, request.body.read);
      return marked ? { recordId: id, before: serializeRow(marked.current), after: serializeRow(marked.row) } : null;
    });
    if (!result) throw notFound('admin.contact-messages.not_found', NO_ROW_AFFECTED.update);
    return result.after as never;
  });
}
