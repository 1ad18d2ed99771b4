import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import {
  APP_PLATFORM_LABELS,
  APP_PLATFORMS,
  appCategoryName,
  DOWNLOAD_CODE_ALPHABET,
  DOWNLOAD_CODE_LENGTH,
  DOWNLOAD_CODE_VALID_DAYS,
  guessFeatureIcon,
  isPopularApp,
  isWellFormedDownloadCode,
  normalizeDownloadCode,
  resolvePlanIcon,
  shortDescription,
  streamingCategoryName,
  streamingClientPrice,
  type AppFile,
  type AppFileInput,
  type AppPlatform,
  type Category,
  type DownloadCode,
  type PublicApp,
  type PublicAppPlatform,
  type PublicPlan,
  type PublicStreamingApp,
} from '@vitrine/domain/catalog';
import { pageOffset, toListEnvelope, type ListQuery } from '@vitrine/domain/lists';
import { roundMoney } from '@vitrine/domain/money';
import { resolvePeriodPricing } from '@vitrine/domain/pricing/periods';
import { safeDownloadUrl } from '@vitrine/domain/urls';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AdminActor } from '../../shared/audit/audit.ts';
import { DEMO_SEED_AUTHOR } from '../uploads/uploads.repository.ts';
import { deleteUpload, type UploadsDeps } from '../uploads/uploads.usecases.ts';
import type { DownloadLinkSigner } from './catalog.download-links.ts';
import { appFileNotFound, appNotFound, codeGenerationFailed, installerNotFound, invalidDownloadLink, noDownloadFile } from './catalog.errors.ts';
import {
  createCatalogRepository,
  type AppFileTarget,
  type AppRow,
  type CatalogRepository,
  type DownloadCodeRow,
  type PlanRow,
  type StreamingAppRow,
  type UploadRow,
} from './catalog.repository.ts';

export type Clock = () => Date;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps only the keys that have a value, so absent requirements are left out of the response. */
function definedOnly<T extends Record<string, string | null | undefined>>(values: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== '')) as {
    [K in keyof T]?: string;
  };
}

// ---------------------------------------------------------------- plans

export function toPublicPlan(row: PlanRow): PublicPlan {
  return {
    id: row.id,
    name: row.name,
    icon: resolvePlanIcon(row.icon, row.name),
    pricing: resolvePeriodPricing({
      monthly: row.priceMonthly,
      quarterly: row.priceQuarterly,
      semiannual: row.priceSemiannual,
      annual: row.priceAnnual,
    }),
    features: row.features.map((text) => ({ text, icon: guessFeatureIcon(text) })),
    isPopular: row.isPopular,
    isSpecial: row.isSpecial,
  };
}

export async function listPublicPlans({ repository }: { repository: CatalogRepository }) {
  return (await repository.listActivePlans()).map(toPublicPlan);
}

// ---------------------------------------------------------------- apps

const MEBIBYTE = 1024 * 1024;
const platformRank = (platform: string) => APP_PLATFORMS.indexOf(platform as AppPlatform);
const byPlatformOrder = (a: AppFileTarget, b: AppFileTarget) => platformRank(a.file.platform) - platformRank(b.file.platform);
const isKnownPlatform = (platform: string): platform is AppPlatform => platformRank(platform) >= 0;
/** Written by the demo seed: a demonstration package, which the download tab names as such. */
const isDemoPackage = (upload: AppFileTarget['upload']) => upload?.createdBy === DEMO_SEED_AUTHOR;

/**
 * One row per platform the app has a download for. An app with none keeps the single web row every
 * app shows; redeeming a code on it says there is no file yet, and the code stays valid.
 */
function publicPlatforms(row: AppRow, files: AppFileTarget[]): PublicAppPlatform[] {
  const known = files.filter(({ file }) => isKnownPlatform(file.platform)).sort(byPlatformOrder);
  if (!known.length) return [{ id: 'web', name: APP_PLATFORM_LABELS.web, version: row.version, sizeMb: row.sizeMb, requiresCode: true, isDemo: false }];
  return known.map(({ file, upload }) => ({
    id: file.platform as AppPlatform,
    name: APP_PLATFORM_LABELS[file.platform as AppPlatform],
    version: row.version,
    sizeMb: upload ? Math.round((upload.sizeBytes / MEBIBYTE) * 1000) / 1000 : row.sizeMb,
    requiresCode: true,
    isDemo: isDemoPackage(upload),
  }));
}

export function toPublicApp(row: AppRow, files: AppFileTarget[] = []): PublicApp {
  const price = roundMoney(row.price);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    shortDescription: shortDescription(row.description),
    category: row.category,
    iconUrl: row.iconUrl,
    version: row.version,
    sizeMb: row.sizeMb,
    rating: { average: row.rating, total: row.ratingCount },
    ratingBreakdown: row.ratingBreakdown ?? [0, 0, 0, 0, 0],
    downloads: row.downloads,
    isPopular: isPopularApp(row.downloads),
    price,
    isFree: price === 0,
    isFeatured: row.isFeatured,
    developer: row.developer,
    tags: row.tags,
    changelog: row.changelog,
    requirements: definedOnly({ minVersion: row.minVersion, ram: row.ram, storage: row.storage }),
    media: row.media,
    platforms: publicPlatforms(row, files),
    lastUpdate: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPublicApps({ repository }: { repository: CatalogRepository }) {
  const rows = await repository.listActiveApps();
  const files = await repository.listAppFiles(rows.map((row) => row.id));
  return rows.map((row) =>
    toPublicApp(
      row,
      files.filter(({ file }) => file.appId === row.id),
    ),
  );
}

export async function listAppCategories({ repository }: { repository: CatalogRepository }): Promise<Category[]> {
  const ids = await repository.listActiveAppCategories();
  return ids.map((id) => ({ id, name: appCategoryName(id) })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

// ---------------------------------------------------------------- streaming apps

export function toPublicStreamingApp(row: StreamingAppRow): PublicStreamingApp {
  const resellerPrice = roundMoney(row.price);
  return {
    id: row.id,
    name: row.name,
    logo: row.iconUrl,
    developer: row.developer,
    description: row.description,
    shortDescription: shortDescription(row.description),
    category: row.category,
    categoryName: streamingCategoryName(row.category),
    rating: { average: row.rating, total: row.ratingCount },
    lastUpdate: row.updatedAt.toISOString(),
    tags: row.tags,
    screenshots: row.screenshots,
    features: row.features,
    requirements: definedOnly({
      minVersion: row.minVersion,
      ram: row.ram,
      storage: row.storage,
      internetSpeed: row.internetSpeed,
    }),
    faq: row.faq,
    version: row.version,
    resellerPrice,
    clientPrice: streamingClientPrice(resellerPrice),
    hasMonthlyLicense: row.hasMonthlyLicense,
    hasAnnualLicense: row.hasAnnualLicense,
    isFeatured: row.isFeatured,
  };
}

export async function listPublicStreamingApps({ repository }: { repository: CatalogRepository }, category?: string) {
  return (await repository.listActiveStreamingApps(category)).map(toPublicStreamingApp);
}

// ---------------------------------------------------------------- download codes

export const toDownloadCode = (row: DownloadCodeRow): DownloadCode => ({
  id: row.id,
  code: row.code,
  appId: row.appId,
  isUsed: row.isUsed,
  createdAt: row.createdAt.toISOString(),
  usedAt: row.usedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt.toISOString(),
});

/** 6 characters drawn from A-Z0-9 with a cryptographic random source. */
export function drawDownloadCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < DOWNLOAD_CODE_LENGTH; i++) code += DOWNLOAD_CODE_ALPHABET[random(DOWNLOAD_CODE_ALPHABET.length)];
  return code;
}

const MAX_CODE_DRAWS = 8;

export async function generateDownloadCode(
  { repository, clock = () => new Date(), random }: { repository: CatalogRepository; clock?: Clock; random?: (max: number) => number },
  appId: string,
): Promise<DownloadCode> {
  if (!(await repository.findApp(appId))) throw appNotFound();
  const expiresAt = new Date(clock().getTime() + DOWNLOAD_CODE_VALID_DAYS * DAY_MS);
  // A collision (one in 2 billion per draw) just draws again.
  for (let attempt = 0; attempt < MAX_CODE_DRAWS; attempt++) {
    const row = await repository.insertDownloadCode({ code: drawDownloadCode(random), appId, expiresAt });
    if (row) return toDownloadCode(row);
  }
  throw codeGenerationFailed();
}

/** A new download code for the app, from the admin, audited: the trail names its app and lifetime; the code itself is read in the codes list. */
export async function issueDownloadCode({ db }: { db: Database }, actor: AdminActor, appId: string): Promise<DownloadCode> {
  return db.transaction(async (tx) => {
    const created = await generateDownloadCode({ repository: createCatalogRepository(tx) }, appId);
    await recordAudit(tx, actor, {
      action: 'create',
      resource: 'download-codes',
      recordId: created.id,
      before: null,
      after: { appId: created.appId, expiresAt: created.expiresAt },
    });
    return created;
  });
}

export async function listDownloadCodes({ repository }: { repository: CatalogRepository }, appId: string, page: Pick<ListQuery, 'page' | 'pageSize'>) {
  if (!(await repository.findApp(appId))) throw appNotFound();
  const { rows, total } = await repository.listDownloadCodes(appId, page.pageSize, pageOffset(page));
  return toListEnvelope(rows.map(toDownloadCode), total, page);
}

export type RedeemResult = { ok: true; downloadUrl: string; expiresAt: string } | { ok: false; reason: 'required' | 'invalid' | 'no_file' };

/** A download that can be handed out: a stored installer, or an external link that passes the URL rules. */
const isServable = ({ file, upload }: AppFileTarget) => isKnownPlatform(file.platform) && (upload !== null || safeDownloadUrl(file.externalUrl) !== null);

/**
 * Spends a code for one platform's download and returns a short-lived signed link to it. The code is
 * spent only when that download exists (in the same UPDATE), so a code used on an app without a file
 * stays valid. Unknown, used, expired and malformed codes all read 'invalid', so a guesser learns
 * nothing about which codes exist.
 */
export async function redeemDownloadCode(
  { repository, signer, clock = () => new Date() }: { repository: CatalogRepository; signer: DownloadLinkSigner; clock?: Clock },
  appId: string,
  rawCode: string,
  platform?: AppPlatform,
): Promise<RedeemResult> {
  const code = normalizeDownloadCode(rawCode);
  if (!code) return { ok: false, reason: 'required' };
  if (!isWellFormedDownloadCode(code)) return { ok: false, reason: 'invalid' };
  const files = (await repository.listAppFiles([appId])).filter(isServable).sort(byPlatformOrder);
  const target = platform ? files.find(({ file }) => file.platform === platform) : files[0];
  if (target) {
    const row = await repository.redeemDownloadCodeFor(code, appId, target.file.id);
    if (!row) return { ok: false, reason: 'invalid' };
    const link = signer.create(target.file.id, clock());
    return { ok: true, downloadUrl: link.url, expiresAt: link.expiresAt.toISOString() };
  }
  const app = await repository.findActiveApp(appId);
  if (!app) return { ok: false, reason: 'invalid' };
  // The app's own download link, when it has one, is its web download.
  if (files.length === 0 && (platform === undefined || platform === 'web') && safeDownloadUrl(app.downloadUrl)) {
    const row = await repository.redeemDownloadCode(code, appId);
    if (!row) return { ok: false, reason: 'invalid' };
    const link = signer.create(appId, clock());
    return { ok: true, downloadUrl: link.url, expiresAt: link.expiresAt.toISOString() };
  }
  // Nothing to download: a wrong code still reads 'invalid' (and counts as a failed guess); a good one is kept.
  if (!(await repository.isRedeemable(code, appId))) return { ok: false, reason: 'invalid' };
  return { ok: false, reason: 'no_file' };
}

export type DownloadTarget = { kind: 'redirect'; url: string } | { kind: 'stored'; upload: UploadRow };

/** Where a signed download link leads: the platform's stored installer, or a checked external link. */
export async function resolveDownload(
  {
    repository,
    signer,
    clock = () => new Date(),
    logger,
  }: { repository: CatalogRepository; signer: DownloadLinkSigner; clock?: Clock; logger?: Pick<Logger, 'warn'> },
  token: string,
): Promise<DownloadTarget> {
  const id = signer.verify(token, clock());
  if (!id) throw invalidDownloadLink();
  const target = await repository.findAppFileById(id);
  if (target) {
    if (target.upload) return { kind: 'stored', upload: target.upload };
    // Stored links are checked again when followed: rows written before the rule existed may hold anything.
    const url = safeDownloadUrl(target.file.externalUrl);
    if (url) return { kind: 'redirect', url };
    logger?.warn({ appFileId: target.file.id }, 'link externo de download recusado: corrija-o no painel');
    throw noDownloadFile();
  }
  // A link to the app itself: its own download link.
  const app = await repository.findActiveApp(id);
  if (!app) throw appNotFound();
  const url = safeDownloadUrl(app.downloadUrl);
  if (url) return { kind: 'redirect', url };
  if (app.downloadUrl) logger?.warn({ appId: app.id }, 'link de download do aplicativo recusado: corrija-o no painel');
  throw noDownloadFile();
}

// ---------------------------------------------------------------- app files (admin)

const toAppFile = ({ file, upload }: AppFileTarget): AppFile => ({
  platform: file.platform as AppPlatform,
  name: APP_PLATFORM_LABELS[file.platform as AppPlatform] ?? file.platform,
  kind: upload ? 'file' : 'link',
  fileName: upload?.originalName ?? null,
  sizeBytes: upload?.sizeBytes ?? null,
  contentType: upload?.contentType ?? null,
  url: file.externalUrl,
  isDemo: isDemoPackage(upload),
  updatedAt: file.updatedAt.toISOString(),
});

export async function listAppFiles({ repository }: { repository: CatalogRepository }, appId: string): Promise<AppFile[]> {
  if (!(await repository.findApp(appId))) throw appNotFound();
  return (await repository.listAppFiles([appId]))
    .filter(({ file }) => isKnownPlatform(file.platform))
    .sort(byPlatformOrder)
    .map(toAppFile);
}

/** What the admin's app-file writes need: the database, and the uploads, to remove an installer replaced or removed. */
export interface AppFileWriteDeps {
  db: Database;
  uploads: UploadsDeps;
}

/**
 * An installer replaced or removed goes after the write is committed: the app's download never points
 * at nothing. Failing to remove it is logged, not the write's failure.
 */
async function dropReplaced(uploads: UploadsDeps, uploadId: string | null) {
  if (uploadId)
    await deleteUpload(uploads, uploadId).catch((error: unknown) => uploads.logger.error({ err: error, uploadId }, 'instalador substituído não removido'));
}

/** Sets one platform's download to an uploaded installer or an https link, audited. */
export async function setAppFile(
  { db, uploads }: AppFileWriteDeps,
  actor: AdminActor,
  appId: string,
  platform: AppPlatform,
  input: AppFileInput,
): Promise<AppFile> {
  const { file, replacedUploadId } = await db.transaction(async (tx) => {
    const result = await writeAppFile(createCatalogRepository(tx), appId, platform, input);
    await recordAudit(tx, actor, { action: 'update', resource: 'app-files', recordId: `${appId}/${platform}`, before: null, after: { ...result.file } });
    return result;
  });
  await dropReplaced(uploads, replacedUploadId);
  return file;
}

/** Takes one platform's download off the app, audited. */
export async function removeAppFile({ db, uploads }: AppFileWriteDeps, actor: AdminActor, appId: string, platform: AppPlatform): Promise<void> {
  const replacedUploadId = await db.transaction(async (tx) => {
    const row = await createCatalogRepository(tx).deleteAppFile(appId, platform);
    if (!row) throw appFileNotFound();
    await recordAudit(tx, actor, {
      action: 'delete',
      resource: 'app-files',
      recordId: `${appId}/${platform}`,
      before: { platform, uploadId: row.uploadId },
      after: null,
    });
    return row.uploadId;
  });
  await dropReplaced(uploads, replacedUploadId);
}

/** The write itself; the installer it replaces is returned so that it can be removed once the write is committed. */
async function writeAppFile(
  repository: CatalogRepository,
  appId: string,
  platform: AppPlatform,
  input: AppFileInput,
): Promise<{ file: AppFile; replacedUploadId: string | null }> {
  if (!(await repository.findApp(appId))) throw appNotFound();
  let upload: UploadRow | null = null;
  if ('uploadId' in input) {
    upload = (await repository.findUpload(input.uploadId)) ?? null;
    if (!upload || upload.bucket !== 'app-installers') throw installerNotFound();
  }
  const { file, replacedUploadId } = await repository.upsertAppFile(
    appId,
    platform,
    upload ? { uploadId: upload.id, externalUrl: null } : { uploadId: null, externalUrl: (input as { url: string }).url },
  );
  return { file: toAppFile({ file, upload }), replacedUploadId };
}
