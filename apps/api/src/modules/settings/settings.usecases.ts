// The admin's overrides of environment settings: saving one from the version the screen read, and going back
// to the environment's value, each with its audit row in the same transaction. Secrets are named in the trail
// by their last four characters only.
import { maskSecret, SETTINGS, type SettingKey } from '@vitrine/domain/settings';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AdminActor } from '../../shared/audit/audit.ts';
import { staleEdit } from '../../shared/edit-version.ts';
import { createSettings, type Settings } from '../../shared/settings.ts';
import { settingNotOverridden } from './settings.errors.ts';

export interface SettingsDeps {
  db: Database;
  env: Env;
  /** The server's settings (read per use; emptied here after a write). */
  settings: Settings;
}

const shown = (key: SettingKey, value: string | null) => (value === null ? null : SETTINGS[key].secret ? maskSecret(value) : value);

/** A setting as the admin's list shows it. */
export const storedSetting = async (settings: Settings, key: SettingKey) => (await settings.list()).find((setting) => setting.key === key)!;

/**
 * Saves the panel's value (already checked) when the setting is still at `expectedUpdatedAt`; another admin's save
 * since is refused (409) with the setting as it is now, and nothing is written.
 */
export async function saveSetting({ db, env, settings }: SettingsDeps, actor: AdminActor, key: SettingKey, value: string, expectedUpdatedAt: string | null) {
  const before = await storedSetting(settings, key);
  const stale = await db.transaction(async (tx) => {
    if ((await createSettings({ db: tx, env }).set(key, value, expectedUpdatedAt)).stale) return true;
    await recordAudit(tx, actor, {
      action: before.source === 'admin' ? 'update' : 'create',
      resource: 'settings',
      recordId: key,
      before: before.source === 'admin' ? { value: before.value } : null,
      after: { value: shown(key, value) },
    });
    return false;
  });
  // This instance reads the new value at once; the others when the change event reaches them.
  settings.invalidate();
  if (stale) throw staleEdit('settings', await storedSetting(settings, key), 'value');
  return storedSetting(settings, key);
}

/** Back to the environment's value; refused (404) when the panel had none. */
export async function resetSetting({ db, env, settings }: SettingsDeps, actor: AdminActor, key: SettingKey) {
  const before = await storedSetting(settings, key);
  const reset = await db.transaction(async (tx) => {
    if (!(await createSettings({ db: tx, env }).reset(key))) return false;
    await recordAudit(tx, actor, { action: 'delete', resource: 'settings', recordId: key, before: { value: before.value }, after: null });
    return true;
  });
  settings.invalidate();
  if (!reset) throw settingNotOverridden();
}
