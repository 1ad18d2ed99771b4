// The admin panel's sections, by the ids of the URL (/admin/<id>), in the sidebar's order and groups.
import {
  Bot,
  Calculator,
  Clapperboard,
  ClipboardList,
  CreditCard,
  FileText,
  FlaskConical,
  Inbox,
  Keyboard,
  LayoutDashboard,
  MessagesSquare,
  Package,
  PackageCheck,
  Server,
  ShieldCheck,
  Smartphone,
  Store,
  Truck,
  Tv,
  UsersRound,
  Wallet,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

export interface AdminSection {
  id: string;
  label: string;
  icon: LucideIcon;
  group: string;
}

export const ADMIN_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, group: 'Visão geral' },
  { id: 'apps', label: 'Aplicativos', icon: Smartphone, group: 'Catálogo' },
  { id: 'plans', label: 'Planos', icon: Package, group: 'Catálogo' },
  { id: 'reseller-plans', label: 'Planos de Revenda', icon: Store, group: 'Revenda' },
  { id: 'pricing-calculator', label: 'Calculadora de Preços', icon: Calculator, group: 'Revenda' },
  { id: 'streaming-apps', label: 'Apps de Streaming', icon: Tv, group: 'Catálogo' },
  { id: 'shortcuts', label: 'Atalhos', icon: Keyboard, group: 'Catálogo' },
  { id: 'suppliers', label: 'Fornecedores', icon: Truck, group: 'Revenda' },
  { id: 'servers', label: 'Servidores', icon: Server, group: 'Revenda' },
  { id: 'new-recharge', label: 'Nova Recarga', icon: CreditCard, group: 'Revenda' },
  { id: 'recharge-orders', label: 'Pedidos de Recarga', icon: ClipboardList, group: 'Revenda' },
  { id: 'webhooks', label: 'Webhooks', icon: Webhook, group: 'Integrações' },
  { id: 'models', label: 'Modelos', icon: Bot, group: 'Integrações' },
  { id: 'tmdb', label: 'TMDB', icon: Clapperboard, group: 'Integrações' },
  { id: 'security', label: 'Segurança', icon: ShieldCheck, group: 'Sistema' },
  { id: 'content', label: 'Conteúdo', icon: FileText, group: 'Sistema' },
  { id: 'crud-tester', label: 'Testador CRUD', icon: FlaskConical, group: 'Sistema' },
  { id: 'contact-messages', label: 'Mensagens de Contato', icon: Inbox, group: 'Atendimento' },
  { id: 'conversations', label: 'Conversas do Chat', icon: MessagesSquare, group: 'Atendimento' },
  { id: 'payments', label: 'Pagamentos', icon: Wallet, group: 'Atendimento' },
  { id: 'deliveries', label: 'A entregar', icon: PackageCheck, group: 'Atendimento' },
  { id: 'customers', label: 'Clientes', icon: UsersRound, group: 'Atendimento' },
] as const satisfies readonly AdminSection[];

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

export const ADMIN_GROUPS = ['Visão geral', 'Catálogo', 'Revenda', 'Atendimento', 'Integrações', 'Sistema'] as const;

export const DEFAULT_SECTION: AdminSectionId = 'dashboard';

/** The section of an id from the URL; a missing or unknown one is the dashboard. */
export function resolveSection(id: string | undefined): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.id === id) ?? ADMIN_SECTIONS[0];
}

export const ADMIN_VERSION = 'v2.1.0';
