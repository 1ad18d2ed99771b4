// The admin's content: site configuration entries (every section but settings) and the contact inbox.
import type { FastifyInstance } from 'fastify';
import { knownConfigValueSchema } from '@vitrine/domain/content-admin';
import { adminContentContract, adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { toListEnvelope } from '@vitrine/domain/lists';
import type { Database } from '../../db/client.ts';
import { LARGE_BODY_LIMIT } from '../../plugins/body-guard.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { versionRequired } from '../../shared/edit-version.ts';
import { badRequest } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { registerAdminResource, serializeRow } from '../admin/admin.resource.ts';
import { markContactMessage, saveConfigEntry } from './content.admin.usecases.ts';
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
    return (await saveConfigEntry(db, await adminActor(request), { section, key, value, isActive, expectedUpdatedAt })) as never;
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
    return (await markContactMessage(db, await adminActor(request), request.params.id, request.body.read)) as never;
  });
}
