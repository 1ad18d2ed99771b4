// The admin's overrides of environment settings (contact e-mail, TMDB key, language model, PIX, payments webhook). Admin only,
// like every route that is not listed public; secrets are write-only.
import type { FastifyInstance } from 'fastify';
import { maskSecret, SETTINGS, type SettingKey } from '@vitrine/domain/settings';
import { settingsContract } from '@vitrine/domain/settings.contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { recordAudit } from '../../shared/audit/audit.ts';
import { staleEdit, versionRequired } from '../../shared/edit-version.ts';
import { anyAddress, checkOutboundUrl, OutboundError, publicAddressesOnly } from '../../shared/outbound-address.ts';
import { route } from '../../shared/route.ts';
import { createSettings, type Settings } from '../../shared/settings.ts';
import { invalidSetting, settingNotOverridden } from './settings.errors.ts';

/** Settings that are addresses the server will call (the model with its API key, the payments webhook): checked like any outbound call. */
const OUTBOUND_URL_KEYS: ReadonlySet<SettingKey> = new Set(['llm_base_url', 'payments_webhook_url']);

export async function settingsRoutes(app: FastifyInstance, { settings, db, env }: { settings: Settings; db: Database; env: Env }) {
  // The trail names a secret by its last four characters only.
  const shown = (key: SettingKey, value: string | null) => (value === null ? null : SETTINGS[key].secret ? maskSecret(value) : value);
  const stored = async (key: SettingKey) => (await settings.list()).find((setting) => setting.key === key)!;

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
    const actor = await adminActor(request);
    const key = request.params.key;
    const before = await stored(key);
    const stale = await db.transaction(async (tx) => {
      if ((await createSettings({ db: tx, env }).set(key, parsed.data, expectedUpdatedAt)).stale) return true;
      await recordAudit(tx, actor, {
        action: before.source === 'admin' ? 'update' : 'create',
        resource: 'settings',
        recordId: key,
        before: before.source === 'admin' ? { value: before.value } : null,
        after: { value: shown(key, parsed.data) },
      });
      return false;
    });
    // This instance reads the new value at once; the others when the change event reaches them.
    settings.invalidate();
    // Another admin's save came first: nothing was written, and the answer has the setting as it is now.
    if (stale) throw staleEdit('settings', await stored(key), 'value');
    return stored(key);
  });

  route(app, settingsContract.resetSetting, {}, async (request, reply) => {
    const actor = await adminActor(request);
    const key = request.params.key;
    const before = await stored(key);
    const reset = await db.transaction(async (tx) => {
      if (!(await createSettings({ db: tx, env }).reset(key))) return false;
      await recordAudit(tx, actor, { action: 'delete', resource: 'settings', recordId: key, before: { value: before.value }, after: null });
      return true;
    });
    settings.invalidate();
    if (!reset) throw settingNotOverridden();
    return reply.status(204).send();
  });
}
