// The header's and footer's defaults, and stored parts merged over them, without schemas: every
// page's first load shows them. content.ts holds the schemas and re-exports all of this.
import type { FooterConfig, HeaderConfig } from './content.ts';

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
    { label: 'Documentação', href: '/knowledgebase' },
    { label: 'Contato', href: '/contato' },
  ],
};

/** The specification's footer defaults. */
export const defaultFooterConfig: FooterConfig = {
  logo: { text: 'Vitrine' },
  description:
    'Streaming premium com assistente de IA, apps para todas as telas e planos para clientes e revendedores.',
  social: { facebook: 'https://facebook.com', instagram: 'https://instagram.com', twitter: 'https://twitter.com' },
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
