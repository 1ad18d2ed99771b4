// The header's and footer's defaults, and stored parts merged over them, without schemas: every
// page's first load shows them. content.ts holds the schemas and re-exports all of this.

/** A link of the header or the footer. */
export interface Link {
  label: string;
  href: string;
}

/** The header, as stored in site configuration section 'header' (content.ts holds its schema; a check there keeps the two equal). */
export interface HeaderConfig {
  brand: { text: string; tagline?: string };
  navigation: Link[];
}

/** The footer, as stored in site configuration section 'footer'. */
export interface FooterConfig {
  logo: { text: string; imageUrl?: string };
  description: string;
  social: { facebook?: string; instagram?: string; twitter?: string };
  quickLinks: Link[];
  legalLinks: Link[];
  contact: { email: string; phone: string; location: string };
  copyright: { year: number; text: string };
}

/** The specification's header navigation. */
export const defaultHeaderConfig: HeaderConfig = {
  brand: { text: 'Vitrine', tagline: 'Streaming com IA' },
  navigation: [
    { label: 'Início', href: '/' },
    { label: 'Sobre', href: '/sobre' },
    { label: 'Funcionalidades', href: '/funcionalidades' },
    { label: 'Revendas', href: '/streaming' },
    { label: 'Mídia', href: '/midia' },
    { label: 'Apps', href: '/apps/ativacao' },
    { label: 'Loja de Apps', href: '/apps' },
    { label: 'Documentação', href: '/knowledgebase' },
    { label: 'Contato', href: '/contato' },
  ],
};

/** The specification's footer defaults. */
export const defaultFooterConfig: FooterConfig = {
  logo: { text: 'Vitrine' },
  description: 'Streaming premium com assistente de IA, apps para todas as telas e planos para clientes e revendedores.',
  // The shop's own profiles, set in the admin's footer section; none until then (no placeholder links).
  social: {},
  quickLinks: [
    { label: 'Sobre', href: '/sobre' },
    { label: 'Funcionalidades', href: '/funcionalidades' },
    { label: 'Chatbot IA', href: '/chat' },
    { label: 'Área Admin', href: '/admin' },
  ],
  legalLinks: [
    { label: 'Política de Privacidade', href: '/privacidade' },
    { label: 'Termos de Uso', href: '/termos' },
  ],
  contact: { email: 'contato@vitrine.com.br', phone: '+55 (11) 4000-1234', location: 'São Paulo, SP — Brasil' },
  copyright: { year: 2024, text: 'Vitrine. Todos os direitos reservados.' },
};

/** Each stored part over its default; `entries` hold well-formed parts only (wellFormedConfigEntries). */
function overDefaults<T extends object>(defaults: T, entries: Record<string, unknown>): T {
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const key of Object.keys(defaults)) if (entries[key] !== undefined) merged[key] = entries[key];
  return merged as T;
}

/** The header from the public read's entries (which hold only well-formed parts). */
export const headerFromEntries = (entries: Record<string, unknown>): HeaderConfig => overDefaults(defaultHeaderConfig, entries);

/** The footer from the public read's entries (which hold only well-formed parts). */
export const footerFromEntries = (entries: Record<string, unknown>): FooterConfig => overDefaults(defaultFooterConfig, entries);

/**
 * Whether a header link is marked current only on its own address: '/' always, and '/apps' when
 * another link ('/apps/ativacao') lies under it, so the two are never marked current together.
 */
export const matchesExactly = (href: string, links: readonly { href: string }[]) =>
  href === '/' || links.some((other) => other.href !== href && other.href.startsWith(`${href}/`));

// ---------------------------------------------------------------- contact links

/** 'tel:+551140001234' from '+55 (11) 4000-1234': digits, and the leading '+' when written; null without digits. */
export function phoneHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** 'mailto:contato@loja.com.br', or null for text that is not an e-mail address. */
export function emailHref(email: string): string | null {
  const trimmed = email.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? `mailto:${trimmed}` : null;
}

/** 'https://wa.me/5511940001234' from a WhatsApp number as written; null without digits. */
export function whatsappHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
}

/**
 * A social link as the footer shows it: an https address of a profile (it has a path, so
 * 'https://facebook.com' alone is a placeholder, not the shop's page), or null, and the icon is hidden.
 */
export function socialProfileHref(url: string | undefined): string | null {
  const trimmed = url?.trim() ?? '';
  // https, a host with a dot, then a path that names something (not '/' alone, nor '/?x').
  return /^https:\/\/[^\s/?#@]+\.[^\s/?#@]+\/[^\s/?#][^\s]*$/i.test(trimmed) ? trimmed : null;
}
