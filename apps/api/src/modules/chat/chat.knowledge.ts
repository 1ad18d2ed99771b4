// What the assistant knows, read from the live tables: plans and their current prices, apps,
// activation apps, reseller offers, server cards, contact data, the FAQ kept in site configuration,
// and the FAQ. A fingerprint of those rows tells when to read them again. Who receives PIX payments is
// the shop's PIX setting, added by the knowledge cache (chat.assistant.ts).
import { z } from 'zod';
import type { PublicApp, PublicPlan, PublicStreamingApp } from '@vitrine/domain/catalog';
import {
  contactChannelListSchema,
  contactFaqSchema,
  defaultFooterConfig,
  emailHref,
  footerConfigSchema,
  phoneHref,
  whatsappHref,
  type ContactChannel,
} from '@vitrine/domain/content';
import type { PublicResellerPlan, ServerCard } from '@vitrine/domain/resellers';
import type { DbExecutor } from '../../db/client.ts';
import type { ShopPix } from '../../shared/shop-pix.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { listPublicApps, listPublicPlans, listPublicStreamingApps } from '../catalog/catalog.usecases.ts';
import { createResellersRepository } from '../resellers/resellers.repository.ts';
import { listPublicResellerPlans, listServerCards } from '../resellers/resellers.usecases.ts';
import { createKnowledgeRepository } from './chat.knowledge.repository.ts';

/** Site configuration the assistant reads: section 'assistant' (key 'faq'). */
export const ASSISTANT_SECTION = 'assistant';

export const faqListSchema = z.array(z.object({ question: z.string().trim().min(1), answer: z.string().trim().min(1) }));
export type FaqEntry = z.infer<typeof faqListSchema>[number];

export type PixRecipient = ShopPix;

export interface ContactInfo {
  /** One line per channel: 'WhatsApp: +55 (11) 94000-1234 — Atendimento rápido todos os dias.' */
  lines: string[];
}

export interface Knowledge {
  /** Cheapest monthly price first. */
  plans: PublicPlan[];
  apps: PublicApp[];
  streamingApps: PublicStreamingApp[];
  resellerPlans: PublicResellerPlan[];
  servers: ServerCard[];
  contact: ContactInfo;
  faq: FaqEntry[];
  /** Who receives the PIX payments the assistant offers (the shop's PIX setting); null until it is set. */
  pixRecipient: PixRecipient | null;
}

// Every table the knowledge is read from; a change to any of their rows changes the fingerprint.
const KNOWLEDGE_TABLES = ['plans', 'apps', 'streaming_apps', 'reseller_plans', 'supplier_pricing', 'shortcuts'] as const;
const KNOWLEDGE_SECTIONS = [ASSISTANT_SECTION, 'contact', 'footer'] as const;

/**
 * A digest of every row the knowledge comes from, in one query: the next question after any write
 * (through the admin, another instance or plain SQL) sees the new rows, with no clock involved.
 */
export async function knowledgeFingerprint(db: DbExecutor): Promise<string> {
  return createKnowledgeRepository(db).fingerprint({ tables: KNOWLEDGE_TABLES, sections: KNOWLEDGE_SECTIONS });
}

export async function loadKnowledge(db: DbExecutor, pixRecipient: PixRecipient | null): Promise<Knowledge> {
  const catalog = createCatalogRepository(db);
  const resellers = createResellersRepository(db);
  const [plans, apps, streamingApps, resellerPlans, servers, config] = await Promise.all([
    listPublicPlans({ repository: catalog }),
    listPublicApps({ repository: catalog }),
    listPublicStreamingApps({ repository: catalog }),
    listPublicResellerPlans({ repository: resellers }),
    listServerCards({ repository: resellers }),
    createKnowledgeRepository(db).activeConfig(KNOWLEDGE_SECTIONS),
  ]);
  const entry = (section: string, key: string) => config.find((row) => row.section === section && row.key === key)?.value;

  const faq = [...parsedOr(faqListSchema, entry(ASSISTANT_SECTION, 'faq'), []), ...parsedOr(contactFaqSchema, entry('contact', 'faq'), [])];

  return {
    plans: [...plans].sort((a, b) => a.pricing.monthly - b.pricing.monthly || a.name.localeCompare(b.name, 'pt-BR')),
    apps,
    streamingApps,
    resellerPlans,
    servers,
    contact: contactInfo(entry('contact', 'channels'), entry('footer', 'contact')),
    faq,
    pixRecipient,
  };
}

function parsedOr<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** A contact value as a Markdown link when it has one (tel:, mailto:, wa.me), so the visitor taps it in the chat. */
function linked(value: string, href: string | null | undefined): string {
  if (!href) return value;
  const text = value.replace(/[[\]\\]/g, '\\$&');
  return `[${text}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
}

function channelHref(channel: ContactChannel): string | null {
  if (channel.href && !channel.href.startsWith('/')) return channel.href;
  if (channel.type === 'email') return emailHref(channel.value);
  if (channel.type === 'phone') return phoneHref(channel.value);
  if (channel.type === 'whatsapp') return whatsappHref(channel.value);
  return null;
}

function contactInfo(channels: unknown, footerContact: unknown): ContactInfo {
  const listed = parsedOr(contactChannelListSchema, channels, []).filter((channel) => channel.type !== 'chat');
  if (listed.length) {
    return {
      lines: listed.map(
        (channel) => `${channel.label}: ${linked(channel.value, channelHref(channel))}${channel.description ? ` — ${channel.description}` : ''}`,
      ),
    };
  }
  const footer = parsedOr(footerConfigSchema.shape.contact, footerContact, defaultFooterConfig.contact);
  return {
    lines: [
      `E-mail: ${linked(footer.email, emailHref(footer.email))}`,
      `Telefone: ${linked(footer.phone, phoneHref(footer.phone))}`,
      `Endereço: ${footer.location}`,
    ],
  };
}
