// Catalog contracts (plans, apps, streaming apps, download codes) and their pure rules.
import './zod-locale.ts';
import { z } from 'zod';
import { foldText } from './catalog-text.ts';
import { CATALOG_ERRORS } from './download-codes.ts';
import { listEnvelopeSchema } from './lists.ts';
import { multiplyMoney } from './money.ts';
import { LINK_MAX_LENGTH, safeDownloadUrl } from './urls.ts';

// Text rules the storefront's first load needs, free of schemas.
export * from './catalog-text.ts';
export * from './download-codes.ts';

// ---------------------------------------------------------------- icons

/** Icon names a plan may use, as lucide-react component names. */
export const PLAN_ICONS = [
  'Tv',
  'Play',
  'Film',
  'Users',
  'Monitor',
  'MonitorSpeaker',
  'DollarSign',
  'Star',
  'Check',
  'Eye',
  'Camera',
  'Wifi',
  'Smartphone',
  'Globe',
  'Clock',
  'Shield',
  'Headphones',
  'Settings',
  'Download',
  'Upload',
  'Crown',
  'Home',
  'Package',
] as const;
export const planIconSchema = z.enum(PLAN_ICONS);
export type PlanIcon = z.infer<typeof planIconSchema>;

/** Default plan icon from its name: básico → Monitor, premium → Crown, family → Home. */
export function defaultPlanIcon(name: string): PlanIcon {
  const folded = foldText(name);
  if (folded.includes('basico')) return 'Monitor';
  if (folded.includes('premium')) return 'Crown';
  if (folded.includes('family') || folded.includes('familia')) return 'Home';
  return 'Package';
}

/** The stored icon when it is a known one, otherwise the default from the name. */
export function resolvePlanIcon(stored: string | null | undefined, name: string): PlanIcon {
  const match = PLAN_ICONS.find((icon) => icon === stored?.trim());
  return match ?? defaultPlanIcon(name);
}

// First match wins: specific phrases before generic words.
const featureIconRules: [RegExp, PlanIcon][] = [
  [/controle parental/, 'Shield'],
  [/\bdvr\b|gravac|grava/, 'Download'],
  [/\bcana(l|is)\b|ao vivo/, 'Tv'],
  [/\bfilmes?\b/, 'Film'],
  [/\bseries?\b/, 'Play'],
  [/\b(4k|8k|uhd|hd|full hd|hdr)\b|qualidade/, 'Monitor'],
  [/\btelas?\b|dispositivo/, 'Smartphone'],
  [/\bperf(il|is)\b|famil/, 'Users'],
  [/suporte|atendimento/, 'Headphones'],
];

/** An icon guessed from a feature's text, Check when nothing matches. */
export function guessFeatureIcon(text: string): PlanIcon {
  const folded = foldText(text);
  return featureIconRules.find(([pattern]) => pattern.test(folded))?.[1] ?? 'Check';
}

// ---------------------------------------------------------------- plans

export const planPricingSchema = z.object({
  monthly: z.number(),
  quarterly: z.number(),
  semiannual: z.number(),
  annual: z.number(),
});

export const planFeatureSchema = z.object({ text: z.string(), icon: planIconSchema });
export type PlanFeature = z.infer<typeof planFeatureSchema>;

export const publicPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: planIconSchema,
  pricing: planPricingSchema,
  features: z.array(planFeatureSchema),
  isPopular: z.boolean(),
  isSpecial: z.boolean(),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;
export const publicPlanListSchema = z.array(publicPlanSchema);

// ---------------------------------------------------------------- apps (app store)

export const SHORT_DESCRIPTION_LENGTH = 100;

/** The first 100 characters of the description. */
export function shortDescription(description: string): string {
  return Array.from(description).slice(0, SHORT_DESCRIPTION_LENGTH).join('');
}

/** An app is popular when its downloads exceed 1000. */
export const POPULAR_APP_DOWNLOADS = 1000;
export const isPopularApp = (downloads: number) => downloads > POPULAR_APP_DOWNLOADS;

export const categorySchema = z.object({ id: z.string(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

export const ratingSchema = z.object({ average: z.number(), total: z.number().int() });

export const appMediaSchema = z.object({
  type: z.enum(['image', 'gif', 'video']),
  url: z.string(),
  caption: z.string().optional(),
});

// ---------------------------------------------------------------- app downloads per platform

/** The platforms an app can ship a file (or an external link) for, in the order they are listed. */
export const APP_PLATFORMS = ['android', 'tv-box', 'windows', 'macos', 'ios', 'web'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];
export const APP_PLATFORM_LABELS: Readonly<Record<AppPlatform, string>> = {
  android: 'Android',
  'tv-box': 'Android TV / TV Box',
  windows: 'Windows',
  macos: 'macOS',
  ios: 'iOS',
  web: 'Web',
};
export const appPlatformIdSchema = z.enum(APP_PLATFORMS, { error: 'Plataforma desconhecida.' });

export const appPlatformSchema = z.object({
  id: appPlatformIdSchema,
  name: z.string(),
  version: z.string(),
  sizeMb: z.number().nullable(),
  requiresCode: z.literal(true),
  /** The file is a demonstration package (the demo seed's small ZIP with a read-me), not the app itself. */
  isDemo: z.boolean(),
});
export type PublicAppPlatform = z.infer<typeof appPlatformSchema>;

export const appRequirementsSchema = z.object({
  minVersion: z.string().optional(),
  ram: z.string().optional(),
  storage: z.string().optional(),
});

export const publicAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  shortDescription: z.string(),
  category: z.string(),
  iconUrl: z.string().nullable(),
  version: z.string(),
  sizeMb: z.number().nullable(),
  rating: ratingSchema,
  /** Star counts from 5 down to 1. */
  ratingBreakdown: z.array(z.number().int()).length(5),
  downloads: z.number().int(),
  isPopular: z.boolean(),
  price: z.number(),
  isFree: z.boolean(),
  isFeatured: z.boolean(),
  developer: z.string().nullable(),
  tags: z.array(z.string()),
  changelog: z.string().nullable(),
  requirements: appRequirementsSchema,
  media: z.array(appMediaSchema),
  platforms: z.array(appPlatformSchema),
  lastUpdate: z.string(),
  createdAt: z.string(),
});
export type PublicApp = z.infer<typeof publicAppSchema>;
export const publicAppListSchema = z.array(publicAppSchema);

export const APP_DOWNLOAD_URL_MESSAGE =
  'Link de download inválido: use um endereço https:// completo ou um caminho do próprio site (como /downloads/app.apk), sem espaços, barras invertidas ou caracteres de controle.';

/** An app's download link as admins and the seed write it; empty means "no file yet". */
export const appDownloadUrlSchema = z
  .string()
  .trim()
  .max(LINK_MAX_LENGTH, 'Link de download muito longo.')
  .refine((value) => value === '' || safeDownloadUrl(value) !== null, APP_DOWNLOAD_URL_MESSAGE)
  .transform((value) => value || null)
  .nullable();

// ---------------------------------------------------------------- streaming apps (/apps/ativacao)

/** The end client pays 1.5 × the reseller price, exact, rounded half-up to cents. */
export const CLIENT_PRICE_FACTOR = 1.5;
export const streamingClientPrice = (resellerPrice: number) => multiplyMoney(resellerPrice, CLIENT_PRICE_FACTOR);

export const streamingAppRequirementsSchema = z.object({
  minVersion: z.string().optional(),
  ram: z.string().optional(),
  storage: z.string().optional(),
  internetSpeed: z.string().optional(),
});

export const faqEntrySchema = z.object({ question: z.string(), answer: z.string() });

export const publicStreamingAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  developer: z.string().nullable(),
  description: z.string(),
  shortDescription: z.string(),
  category: z.string(),
  categoryName: z.string(),
  rating: ratingSchema,
  lastUpdate: z.string(),
  tags: z.array(z.string()),
  screenshots: z.array(z.string()),
  features: z.array(z.string()),
  /** Keys that are not set are left out. */
  requirements: streamingAppRequirementsSchema,
  faq: z.array(faqEntrySchema),
  version: z.string(),
  resellerPrice: z.number(),
  clientPrice: z.number(),
  hasMonthlyLicense: z.boolean(),
  hasAnnualLicense: z.boolean(),
  isFeatured: z.boolean(),
});
export type PublicStreamingApp = z.infer<typeof publicStreamingAppSchema>;
export const publicStreamingAppListSchema = z.array(publicStreamingAppSchema);

export const streamingAppListQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,40}$/, 'Categoria inválida')
    .optional(),
});
export type StreamingAppListQuery = z.infer<typeof streamingAppListQuerySchema>;

// ---------------------------------------------------------------- download codes

/** The form's schema: the code is required; its 6-character format is checked by the server. */
export const downloadRedeemInputSchema = z.strictObject({
  code: z.string().trim().toUpperCase().min(1, CATALOG_ERRORS.downloadCodeRequired.message).max(32, CATALOG_ERRORS.invalidDownloadCode.message),
});
export type DownloadRedeemInput = z.infer<typeof downloadRedeemInputSchema>;

/** The route's schema: an empty or missing code reaches the server, which answers 'catalog.download_code_required'. */
export const downloadRedeemBodySchema = z.strictObject({
  code: z.string().trim().toUpperCase().max(32, CATALOG_ERRORS.invalidDownloadCode.message).default(''),
  /** Which platform's file; without it, the first platform the app has a file for. */
  platform: appPlatformIdSchema.optional(),
});

/** What an admin attaches to one platform of an app: an installer already uploaded, or an https link. */
export const appFileInputSchema = z.union(
  [
    z.strictObject({ uploadId: z.uuid('Arquivo inválido.') }),
    z.strictObject({
      url: z
        .string()
        .trim()
        .max(LINK_MAX_LENGTH, 'Link de download muito longo.')
        .refine(
          (value) => value.startsWith('https://') && safeDownloadUrl(value) !== null,
          'Informe um link https:// completo, sem espaços nem caracteres de controle.',
        ),
    }),
  ],
  { error: 'Envie um arquivo (uploadId) ou um link https (url).' },
);
export type AppFileInput = z.infer<typeof appFileInputSchema>;

export const appFileSchema = z.object({
  platform: appPlatformIdSchema,
  name: z.string(),
  kind: z.enum(['file', 'link']),
  /** For a file: the name it downloads under, its size and type. */
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  contentType: z.string().nullable(),
  /** For a link: where the download goes. */
  url: z.string().nullable(),
  /** A demonstration package written by the demo seed. */
  isDemo: z.boolean(),
  updatedAt: z.string(),
});
export type AppFile = z.infer<typeof appFileSchema>;
export const appFileListSchema = z.array(appFileSchema);

export const downloadRedeemResponseSchema = z.object({
  /** A short-lived signed link (GET), e.g. `/api/downloads/<token>`. */
  downloadUrl: z.string(),
  expiresAt: z.string(),
});
export type DownloadRedeemResponse = z.infer<typeof downloadRedeemResponseSchema>;

export const downloadCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  appId: z.string(),
  isUsed: z.boolean(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type DownloadCode = z.infer<typeof downloadCodeSchema>;
export const downloadCodeListSchema = listEnvelopeSchema(downloadCodeSchema);
