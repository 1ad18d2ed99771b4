// The admin's overrides of environment settings (contact e-mail, TMDB key, language model, PIX, payments webhook). Admin only,
// like every route that is not listed public; secrets are write-only.
import type { FastifyInstance } from 'fastify';
import { SETTINGS, type SettingKey } from '@vitrine/domain/settings';
import { settingsContract } from '@vitrine/domain/settings.contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { versionRequired } from '../../shared/edit-version.ts';
import { anyAddress, checkOutboundUrl, OutboundError, publicAddressesOnly } from '../../shared/outbound-address.ts';
import { route } from '../../shared/route.ts';
import type { Settings } from '../../shared/settings.ts';
import { invalidSetting } from './settings.errors.ts';
import { resetSetting, saveSetting } from './settings.usecases.ts';

/** Settings that are addresses the server will call (the model with its API key, the payments webhook): checked like any outbound call. */
const OUTBOUND_URL_KEYS: ReadonlySet<SettingKey> = new Set(['llm_base_url', 'payments_webhook_url']);

export async function settingsRoutes(app: FastifyInstance, { settings, db, env }: { settings: Settings; db: Database; env: Env }) {
  route(app, settingsContract.listSettings, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return settings.list();
  });

  route(app, settingsContract.setSetting, {}, async (request) => {
    const parsed = SETTINGS[request.params.key].schema.safeParse(request.body.value);
    if (!parsed.success) throw invalidSetting(parsed.error.issues[0]?.message ?? 'Valor inválido.');
    if (OUTBOUND_URL_KEYS.has(request.params.key)) {
      // A first check when saving; the real one is made where each connection is opened (DNS may change).
      try {
        checkOutboundUrl(parsed.data, env.ALLOW_PRIVATE_WEBHOOKS ? anyAddress : publicAddressesOnly);
      } catch (error) {
        if (error instanceof OutboundError) throw invalidSetting(error.message);
        throw error;
      }
    }
    const { expectedUpdatedAt } = request.body;
    if (expectedUpdatedAt === undefined) throw versionRequired();
    return saveSetting({ db, env, settings }, await adminActor(request), request.params.key, parsed.data, expectedUpdatedAt);
  });

  route(app, settingsContract.resetSetting, {}, async (request, reply) => {
    await resetSetting({ db, env, settings }, await adminActor(request), request.params.key);
    return reply.status(204).send();
  });
}
