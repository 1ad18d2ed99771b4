import './zod-locale.ts';
import { z } from 'zod';
import type { FooterConfig, HeaderConfig, Link } from './site-config.ts';

// The header's and footer's defaults and their merge, free of schemas: every page's first load uses them.
export * from './site-config.ts';
export * from './contact-text.ts';

/** Site configuration sections anyone may read; the rest (pricing, models, tmdb…) are admin-only. */
export const PUBLIC_CONFIG_SECTIONS = ['header', 'footer', 'legal', 'contact'] as const;
export type PublicConfigSection = (typeof PUBLIC_CONFIG_SECTIONS)[number];

export const configSectionSchema = z.string().regex(/^[a-z0-9_-]{1,40}$/, 'Seção inválida');

export const socialLinksSchema = z.object({
  facebook: z.string().optional(),
  instagram: z.string().optional(),
  twitter: z.string().optional(),
});

export const linkSchema = z.object({
  label: z.string().trim().min(1, 'Informe o texto do link.'),
  href: z.string().trim().min(1, 'Informe o endereço do link.'),
});

/** The header, as stored in site configuration section 'header' (one key per part). */
export const headerConfigSchema = z.object({
  brand: z.object({ text: z.string().trim().min(1, 'Informe o nome da marca.'), tagline: z.string().optional() }),
  navigation: z.array(linkSchema).min(1, 'O menu precisa de pelo menos um link.'),
});

/** The footer, as stored in site configuration section 'footer' (one key per part). */
export const footerConfigSchema = z.object({
  logo: z.object({ text: z.string(), imageUrl: z.string().optional() }),
  description: z.string(),
  social: socialLinksSchema,
  quickLinks: z.array(linkSchema),
  legalLinks: z.array(linkSchema),
  contact: z.object({ email: z.string(), phone: z.string(), location: z.string() }),
  copyright: z.object({ year: z.number({ error: 'Informe o ano.' }).int('Informe um ano inteiro.'), text: z.string() }),
});

// The types live schema-free in site-config.ts; these fail to compile when a schema and its type part ways.
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemasMatchTypes: [
  SameType<z.infer<typeof linkSchema>, Link>,
  SameType<z.infer<typeof headerConfigSchema>, HeaderConfig>,
  SameType<z.infer<typeof footerConfigSchema>, FooterConfig>,
] = [true, true, true];
void schemasMatchTypes;

export const siteConfigSectionResponseSchema = z.object({
  section: z.string(),
  entries: z.record(z.string(), z.unknown()),
});
export type SiteConfigSectionResponse = z.infer<typeof siteConfigSectionResponseSchema>;

/** Per public section, its parts that have a schema (the others go as stored). */
const sectionParts = (section: string): Record<string, z.ZodType> | null => {
  if (section === 'header') return headerConfigSchema.shape;
  if (section === 'footer') return footerConfigSchema.shape;
  if (section === 'legal') return { privacy: legalDocumentSchema, terms: legalDocumentSchema };
  if (section === 'contact') return { channels: contactChannelListSchema, faq: contactFaqSchema };
  return null;
};

/**
 * A section's stored entries as the public read answers them: each part that does not match its schema
 * is left out (the page then shows that part's default), so the pages read them without a validator.
 */
export function wellFormedConfigEntries(section: string, entries: Record<string, unknown>): Record<string, unknown> {
  const parts = sectionParts(section);
  if (!parts) return entries;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entries)) {
    const schema = parts[key];
    if (!schema) {
      kept[key] = value;
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) kept[key] = parsed.data;
  }
  return kept;
}

// ---------------------------------------------------------------- contact form (/contato)

const requiredText = (message: string, max: number, tooLong: string) => z.string().trim().min(1, message).max(max, tooLong);

/** The contact form: all four fields required. */
export const contactMessageInputSchema = z.strictObject({
  name: requiredText('Informe seu nome.', 120, 'Nome muito longo (máximo de 120 caracteres).'),
  email: z.string().trim().min(1, 'Informe seu e-mail.').max(254, 'E-mail muito longo.').pipe(z.email('Formato de e-mail inválido')),
  subject: requiredText('Informe o assunto.', 200, 'Assunto muito longo (máximo de 200 caracteres).'),
  message: requiredText('Escreva sua mensagem.', 5000, 'Mensagem muito longa (máximo de 5000 caracteres).'),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageCreatedSchema = z.object({ id: z.string(), createdAt: z.string() });
export type ContactMessageCreated = z.infer<typeof contactMessageCreatedSchema>;

// ---------------------------------------------------------------- legal and contact sections

/** Site configuration section 'legal', keys 'privacy' (/privacidade) and 'terms' (/termos). */
export const LEGAL_DOCUMENT_KEYS = ['privacy', 'terms'] as const;
export type LegalDocumentKey = (typeof LEGAL_DOCUMENT_KEYS)[number];
export const legalDocumentSchema = z.object({
  title: z.string(),
  /** ISO date (yyyy-mm-dd) of the last revision. */
  updatedAt: z.string(),
  /** Markdown. */
  body: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
/** What the admin may store as a legal document: the public page shows nothing for any other shape. */
export const legalDocumentInputSchema = z.strictObject(
  {
    title: z
      .string({ error: 'Informe o título do documento.' })
      .trim()
      .min(1, 'Informe o título do documento.')
      .max(120, 'Título muito longo (máximo 120 caracteres).'),
    updatedAt: z
      .string({ error: 'Informe a data da última atualização.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data da última atualização inválida (use aaaa-mm-dd).'),
    body: z
      .string({ error: 'Escreva o texto do documento.' })
      .trim()
      .min(1, 'Escreva o texto do documento.')
      .max(60_000, 'Texto muito longo (máximo 60.000 caracteres).'),
  },
  { error: 'Um documento legal tem título, data da última atualização (aaaa-mm-dd) e texto.' },
);

/** Site configuration section 'contact', key 'channels': the channels shown on /contato. */
export const contactChannelSchema = z.object({
  type: z.enum(['email', 'phone', 'whatsapp', 'address', 'chat']),
  label: z.string(),
  value: z.string(),
  href: z.string().optional(),
  description: z.string().optional(),
});
export type ContactChannel = z.infer<typeof contactChannelSchema>;
export const contactChannelListSchema = z.array(contactChannelSchema);

/** Section 'contact', key 'faq'. */
export const contactFaqSchema = z.array(z.object({ question: z.string(), answer: z.string() }));
export type ContactFaq = z.infer<typeof contactFaqSchema>;
