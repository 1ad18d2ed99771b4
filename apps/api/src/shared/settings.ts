// Settings an admin may override over the environment: the value in force is the admin's, kept in
// site configuration (section 'settings'), or else the environment variable. Read per use, so a change
// takes effect on the next request of every instance (the cache is emptied by the change events).
import { maskSecret, SETTING_KEYS, SETTINGS, type Setting, type SettingKey } from '@vitrine/domain/settings';
import type { Env } from '../config/env.ts';
import type { DbExecutor } from '../db/client.ts';
import { deleteConfigEntry, listSectionEntries, writeConfigEntry, type EntryWrite } from './config-entries.repository.ts';

export const SETTINGS_SECTION = 'settings';

export interface Settings {
  get(key: SettingKey): Promise<string | undefined>;
  list(): Promise<Setting[]>;
  /** Sets the panel's value when it is still at `expectedUpdatedAt` (null: none set); call it inside a transaction. */
  set(key: SettingKey, value: string, expectedUpdatedAt: string | null): Promise<EntryWrite>;
  /** Back to the environment's value; false when there was no override. */
  reset(key: SettingKey): Promise<boolean>;
  /** Forget what was read (a change event on site configuration calls it). */
  invalidate(): void;
}

export function createSettings({ db, env }: { db: DbExecutor; env: Env }): Settings {
  // Each stored row by key: its value when it is in force (active, a text), and its updatedAt, the version a save names.
  let overrides: Promise<Map<SettingKey, { value: string | undefined; updatedAt: Date }>> | null = null;
  const load = () =>
    (overrides ??= listSectionEntries(db, SETTINGS_SECTION)
      .then(
        (rows) =>
          new Map(
            rows.map((row) => [
              row.key as SettingKey,
              { value: row.isActive && typeof row.value === 'string' ? row.value : undefined, updatedAt: row.updatedAt },
            ]),
          ),
      )
      .catch((error: unknown) => {
        overrides = null;
        throw error;
      }));
  const fromEnv = (key: SettingKey) => {
    const value = (env as unknown as Record<string, unknown>)[SETTINGS[key].env];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const fallback = (key: SettingKey): string | undefined => (SETTINGS[key] as { fallback?: string }).fallback;

  return {
    async get(key) {
      return (await load()).get(key)?.value ?? fromEnv(key) ?? fallback(key);
    },
    async list() {
      const stored = await load();
      return SETTING_KEYS.map((key) => {
        const definition = SETTINGS[key];
        const admin = stored.get(key);
        const environment = fromEnv(key);
        const value = admin?.value ?? environment ?? fallback(key);
        return {
          key,
          label: definition.label,
          secret: definition.secret,
          source: admin?.value !== undefined ? 'admin' : environment !== undefined ? 'env' : value !== undefined ? 'default' : 'none',
          value: value === undefined ? null : definition.secret ? maskSecret(value) : value,
          updatedAt: admin ? admin.updatedAt.toISOString() : null,
        };
      });
    },
    async set(key, value, expectedUpdatedAt) {
      const written = await writeConfigEntry(db, { section: SETTINGS_SECTION, key, value, isActive: true, expectedUpdatedAt });
      overrides = null;
      return written;
    },
    async reset(key) {
      const removed = await deleteConfigEntry(db, SETTINGS_SECTION, key);
      overrides = null;
      return removed;
    },
    invalidate() {
      overrides = null;
    },
  };
}
