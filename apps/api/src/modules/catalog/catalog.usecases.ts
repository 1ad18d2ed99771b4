import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import {
  appCategoryName,
  CATALOG_ERRORS,
  DOWNLOAD_CODE_ALPHABET,
  DOWNLOAD_CODE_LENGTH,
  DOWNLOAD_CODE_VALID_DAYS,
  guessFeatureIcon,
  isPopularApp,
  isWellFormedDownloadCode,
  normalizeDownloadCode,
  resolvePlanIcon,
  shortDescription,
  slugify,
  streamingCategoryName,
  streamingClientPrice,
  type Category,
  type DownloadCode,
  type PublicApp,
  type PublicPlan,
  type PublicStreamingApp,
} from '@vitrine/domain/catalog';
import { resolvePeriodPricing } from '@vitrine/domain/pricing/periods';
import { safeDownloadUrl } from '@vitrine/domain/urls';
import { roundMoney } from '@vitrine/domain/money';
import { AppError, badRequest, notFound } from '../../shared/errors.ts';
import type { AppRow, CatalogRepository, DownloadCodeRow, PlanRow, StreamingAppRow } from './catalog.repository.ts';
import type { DownloadLinkSigner } from './catalog.download-links.ts';

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

export function toPublicApp(row: AppRow): PublicApp {
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
    // Every app has one web download that requires a code (public-site.md §3).
    platforms: [{ name: 'Web', version: row.version, sizeMb: row.sizeMb, requiresCode: true }],
    lastUpdate: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPublicApps({ repository }: { repository: CatalogRepository }) {
  return (await repository.listActiveApps()).map(toPublicApp);
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

const appNotFound = () => notFound(CATALOG_ERRORS.appNotFound.code, CATALOG_ERRORS.appNotFound.message);

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
  throw new AppError('catalog.download_code_generation_failed', 503, 'Não foi possível gerar um código agora. Tente novamente.');
}

export async function listDownloadCodes({ repository }: { repository: CatalogRepository }, appId: string) {
  if (!(await repository.findApp(appId))) throw appNotFound();
  return (await repository.listDownloadCodes(appId)).map(toDownloadCode);
}

export const downloadCodeRequired = () =>
  badRequest(CATALOG_ERRORS.downloadCodeRequired.code, CATALOG_ERRORS.downloadCodeRequired.message);
export const invalidDownloadCode = () =>
  badRequest(CATALOG_ERRORS.invalidDownloadCode.code, CATALOG_ERRORS.invalidDownloadCode.message);

export type RedeemResult = { ok: true; downloadUrl: string; expiresAt: string } | { ok: false; reason: 'required' | 'invalid' };

/**
 * Spends a code and returns a short-lived signed link. Unknown, used, expired and malformed codes
 * all read 'invalid', so a guesser learns nothing about which codes exist.
 */
export async function redeemDownloadCode(
  { repository, signer, clock = () => new Date() }: { repository: CatalogRepository; signer: DownloadLinkSigner; clock?: Clock },
  appId: string,
  rawCode: string,
): Promise<RedeemResult> {
  const code = normalizeDownloadCode(rawCode);
  if (!code) return { ok: false, reason: 'required' };
  if (!isWellFormedDownloadCode(code)) return { ok: false, reason: 'invalid' };
  const row = await repository.redeemDownloadCode(code, appId);
  if (!row) return { ok: false, reason: 'invalid' };
  const link = signer.create(appId, clock());
  return { ok: true, downloadUrl: link.url, expiresAt: link.expiresAt.toISOString() };
}

export type DownloadTarget =
  | { kind: 'redirect'; url: string }
  | { kind: 'file'; fileName: string; contentType: string; body: string };

export function downloadFileName(appName: string): string {
  const slug = slugify(appName);
  return `${slug || 'app'}.txt`;
}

export async function resolveDownload(
  {
    repository,
    signer,
    clock = () => new Date(),
    logger,
  }: { repository: CatalogRepository; signer: DownloadLinkSigner; clock?: Clock; logger?: Pick<Logger, 'warn'> },
  token: string,
): Promise<DownloadTarget> {
  const invalidLink = () => badRequest(CATALOG_ERRORS.invalidDownloadLink.code, CATALOG_ERRORS.invalidDownloadLink.message);
  const appId = signer.verify(token, clock());
  if (!appId) throw invalidLink();
  const app = await repository.findActiveApp(appId);
  if (!app) throw appNotFound();
  // Stored links are checked again when followed: rows written before the rule existed may hold anything.
  const url = safeDownloadUrl(app.downloadUrl);
  if (url) return { kind: 'redirect', url };
  if (app.downloadUrl) logger?.warn({ appId: app.id }, 'link de download do aplicativo recusado: corrija-o no painel');
  // No file configured: a small generated file, so that the download itself can be observed.
  return {
    kind: 'file',
    fileName: downloadFileName(app.name),
    contentType: 'text/plain; charset=utf-8',
    body: `${app.name}\n\nObrigado por baixar o ${app.name}.\nO instalador definitivo será disponibilizado em breve.\n`,
  };
}
