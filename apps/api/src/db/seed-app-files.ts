// Demo apps ship small real installers: per platform a ZIP with a read-me and a page of the app, stored
// through the file storage exactly as an admin's upload would be, so a redeemed code downloads bytes.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { APP_PLATFORM_LABELS, slugify, type AppPlatform } from '@vitrine/domain/catalog';
import type { FileStorage } from '../shared/storage/storage.ts';
import type { Database } from './client.ts';
import { appFiles, apps, DEMO_SEED_AUTHOR, siteConfigurations, uploads } from './schema.ts';
import { demoApps } from './seed-data.ts';

const MARKER = { section: 'system', configKey: 'demo_app_files_seeded_at' } as const;
const DEMO_PLATFORMS: readonly AppPlatform[] = ['windows', 'tv-box'];
const BUCKET = 'app-installers';
// A fixed time inside the archive, so the same app and version always give the same bytes.
const ARCHIVE_TIME = new Date('2026-01-01T12:00:00Z');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The demo installer of one app for one platform: a small, valid ZIP. */
export function demoInstaller(appName: string, version: string, platform: AppPlatform): Uint8Array {
  const label = APP_PLATFORM_LABELS[platform];
  const folder = slugify(appName) || 'app';
  const readMe = [
    `${appName} ${version} — ${label}`,
    '',
    'Pacote de demonstração da loja Vitrine.',
    `1. Extraia o conteúdo deste arquivo no seu dispositivo ${label}.`,
    `2. Abra ${folder}/index.html para ver o aplicativo.`,
    '',
  ].join('\r\n');
  const page = `<!doctype html>\n<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(appName)}</title></head>\n<body><h1>${escapeHtml(appName)}</h1><p>Versão ${escapeHtml(version)} para ${escapeHtml(label)}.</p></body></html>\n`;
  return zipSync({ 'LEIA-ME.txt': strToU8(readMe), [`${folder}/index.html`]: strToU8(page) }, { mtime: ARCHIVE_TIME, level: 6 });
}

export const demoInstallerName = (appName: string, platform: AppPlatform) => `${slugify(appName) || 'app'}-${platform}.zip`;

/**
 * Once per database (a marker row), gives every demo app that has no download yet its demo
 * installers. The objects are stored first; the rows and the marker are written in one transaction,
 * and an instance that loses the race to another removes the objects it stored.
 */
export async function seedDemoAppFiles(db: Database, storage: FileStorage): Promise<boolean> {
  const [already] = await db
    .select({ id: siteConfigurations.id })
    .from(siteConfigurations)
    .where(and(eq(siteConfigurations.section, MARKER.section), eq(siteConfigurations.configKey, MARKER.configKey)))
    .limit(1);
  if (already) return false;

  const targets = await db
    .select({ id: apps.id, name: apps.name, version: apps.version })
    .from(apps)
    .where(
      and(
        inArray(
          apps.name,
          demoApps.map((app) => app.name),
        ),
        notExists(db.select({ id: appFiles.id }).from(appFiles).where(eq(appFiles.appId, apps.id))),
      ),
    );

  const stored: Array<{ appId: string; platform: AppPlatform; uploadId: string; storageName: string; name: string; size: number }> = [];
  try {
    for (const app of targets) {
      for (const platform of DEMO_PLATFORMS) {
        const bytes = demoInstaller(app.name, app.version, platform);
        const uploadId = randomUUID();
        const storageName = `${uploadId}.zip`;
        await storage.put(`${BUCKET}/${storageName}`, Readable.from([Buffer.from(bytes)]), { contentType: 'application/zip' });
        stored.push({ appId: app.id, platform, uploadId, storageName, name: demoInstallerName(app.name, platform), size: bytes.length });
      }
    }
    const seeded = await db.transaction(async (tx) => {
      const marked = await tx
        .insert(siteConfigurations)
        .values({ ...MARKER, configValue: new Date().toISOString(), isActive: false })
        .onConflictDoNothing()
        .returning({ id: siteConfigurations.id });
      if (marked.length === 0) return false;
      if (stored.length) {
        await tx.insert(uploads).values(
          stored.map((file) => ({
            id: file.uploadId,
            bucket: BUCKET,
            storageName: file.storageName,
            originalName: file.name,
            contentType: 'application/zip',
            sizeBytes: file.size,
            // Marks a demonstration package: the download tab says so.
            createdBy: DEMO_SEED_AUTHOR,
          })),
        );
        await tx.insert(appFiles).values(stored.map((file) => ({ appId: file.appId, platform: file.platform, uploadId: file.uploadId })));
      }
      return true;
    });
    if (!seeded) await Promise.all(stored.map((file) => storage.delete(`${BUCKET}/${file.storageName}`)));
    return seeded;
  } catch (error) {
    await Promise.all(stored.map((file) => storage.delete(`${BUCKET}/${file.storageName}`).catch(() => undefined)));
    throw error;
  }
}
