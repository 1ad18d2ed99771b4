// Settings an admin may override over the environment: the value in force is the admin's, kept in
// site configuration (section 'settings'), or else the environment variable. Read per use, so a change
// takes effect on the next request of every instance (the cache is emptied by the change events).
import { and, eq } from 'drizzle-orm';
import { maskSecret, SETTING_KEYS, SETTINGS, type Setting, type SettingKey } from '@vitrine/domain/settings';
import type { Env } from '../config/env.ts';
import type { DbExecutor } from '../db/client.ts';
import { siteConfigurations } from '../db/schema.ts';

export const SETTINGS_SECTION = 'settings';

export interface Settings {
  get(key: SettingKey): Promise<string | undefined>;
  list(): Promise<Setting[]>;
  set(key: SettingKey, value: string): Promise<void>;
  /** Back to the environment's value; false when there was no override. */
  reset(key: SettingKey): Promise<boolean>;
  /** Forget what was read (a change event on site configuration calls it). */
  invalidate(): void;
}

export function createSettings({ db, env }: { db: DbExecutor; env: Env }): Settings {
  let overrides: Promise<Map<SettingKey, string>> | null = null;
  const load = () =>
    (overrides ??= db
      .select({ key: siteConfigurations.configKey, value: siteConfigurations.configValue })
      .from(siteConfigurations)
      .where(and(eq(siteConfigurations.section, SETTINGS_SECTION), eq(siteConfigurations.isActive, true)))
      .then((rows) => new Map(rows.filter((row) => typeof row.value === 'string').map((row) => [row.key as SettingKey, row.value as string])))
      .catch((error: unknown) => {
        overrides = null;
        throw error;
      }));
  const fromEnv = (key: SettingKey) => {
    const value = (env as unknown as Record<string, unknown>)[SETTINGS[key].env];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };

  return {
    async get(key) {
      return (await load()).get(key) ?? fromEnv(key);
    },
    async list() {
      const stored = await load();
      return SETTING_KEYS.map((key) => {
        const definition = SETTINGS[key];
        const admin = stored.get(key);
        const value = admin ?? fromEnv(key);
        return {
          key,
          label: definition.label,
          secret: definition.secret,
          source: admin !== undefined ? 'admin' : value !== undefined ? 'env' : 'none',
          value: value === undefined ? null : definition.secret ? maskSecret(value) : value,
        };
      });
    },
    async set(key, value) {
      await db
        .insert(siteConfigurations)
        .values({ section: SETTINGS_SECTION, configKey: key, configValue: value, isActive: true })
        .onConflictDoUpdate({ target: [siteConfigurations.section, siteConfigurations.configKey], set: { configValue: value, isActive: true } });
      overrides = null;
    },
    async reset(key) {
      const removed = await db
        .delete(siteConfigurations)
        .where(and(eq(siteConfigurations.section, SETTINGS_SECTION), eq(siteConfigurations.configKey, key)))
        .returning({ id: siteConfigurations.id });
      overrides = null;
      return removed.length > 0;
    },
    invalidate() {
      overrides = null;
    },
  };
}
